import Recognize
import SketchModel

/// Whether the generated layout keeps every element on the phone: the layout model
/// (``LayoutFrameResolver``) run at a device width, and every element it places (roots and
/// descendants) checked against the screen's edges.
public enum ScreenFit {
    /// How far (points) a frame may cross an edge before it counts: the model rounds nothing, so
    /// this only absorbs floating-point error.
    public static let tolerance = 0.5

    /// One element the layout puts past a side of the screen.
    public struct Overflow: Hashable, Sendable, Codable {
        /// The element's id and type.
        public var id: String
        public var type: ElementType
        /// Where the layout puts it at the device width.
        public var frame: Rect
        /// How far it crosses the edge (points; the larger side when it crosses both).
        public var by: Double
    }

    /// The elements of `recognition` laid out at `width` (the drawn screen's own width when nil)
    /// that cross its leading or trailing edge.
    public static func overflows(_ recognition: ScreenRecognition, width: Double? = nil) -> [Overflow] {
        let drawn = Rect(x: 0, y: 0, width: recognition.screen.width, height: recognition.screen.height)
        let device = Rect(x: 0, y: 0, width: width ?? drawn.width, height: drawn.height)
        let frames = LayoutFrameResolver(screen: device, drawn: drawn).frames(
            recognition.elements, layout: recognition.layout)
        var result: [Overflow] = []
        func check(_ element: Element) {
            if let frame = frames[element.id] {
                let by = max(device.minX - frame.minX, frame.maxX - device.maxX)
                if by > tolerance { result.append(Overflow(id: element.id, type: element.type, frame: frame, by: by)) }
            }
            element.children.forEach(check)
        }
        recognition.elements.forEach(check)
        return result
    }

    /// Totals over many screens at one device width.
    public struct Summary: Hashable, Sendable, Codable {
        /// The device width (points).
        public var width: Double
        /// Screens laid out, and how many of them have an element past an edge.
        public var screens: Int
        public var screensOverflowing: Int
        /// Elements laid out, and how many of them cross an edge.
        public var elements: Int
        public var elementsOverflowing: Int
        /// The furthest any element crosses an edge (points).
        public var worst: Double

        /// An empty total at `width`.
        public init(width: Double) {
            (self.width, screens, screensOverflowing, elements, elementsOverflowing, worst) = (width, 0, 0, 0, 0, 0)
        }

        /// Adds one screen: its element count and its overflows.
        public mutating func add(elements count: Int, overflows: [Overflow]) {
            screens += 1
            elements += count
            if !overflows.isEmpty { screensOverflowing += 1 }
            elementsOverflowing += overflows.count
            worst = max(worst, overflows.map(\.by).max() ?? 0)
        }
    }
}
