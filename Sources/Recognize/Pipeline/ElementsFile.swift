import SketchModel

/// The elements file of docs/NOTATION.md: what `sketchctl recognize` prints.
///
/// `elements` are the roots, children nested; `layout`, `readingOrder` and `detections` are the
/// extra keys NOTATION welcomes. `swiftui` is filled in by the exporter when one is linked in;
/// this struct is the one place the file is assembled.
public struct ElementsFile: Hashable, Sendable, Codable {
    public var elements: [Element]
    public var layout: LayoutNode
    public var readingOrder: [String]
    public var detections: [Detection]
    /// The generated SwiftUI source, when an exporter provides it.
    public var swiftui: String?

    /// The file for one screen's recognition.
    public init(_ recognition: ScreenRecognition, swiftui: String? = nil) {
        elements = recognition.elements
        layout = recognition.layout
        readingOrder = recognition.readingOrder
        detections = recognition.detections
        self.swiftui = swiftui
    }
}
