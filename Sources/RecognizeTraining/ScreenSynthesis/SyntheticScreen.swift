import Recognize
import SessionModel
import SketchModel

/// One ground-truth element of a synthetic screen.
public struct TruthElement: Hashable, Sendable, Codable {
    /// A key unique on the screen (used in the intended layout).
    public var key: String
    public var type: ElementType
    /// The box of the strokes it was drawn with.
    public var frame: Rect
    public var children: [TruthElement]
    /// Where it sits across its parent (the screen for roots): nil in files written before it was
    /// recorded.
    public var alignment: HorizontalPlacement? = nil

    /// This element and its descendants.
    public var flattened: [TruthElement] { [self] + children.flatMap(\.flattened) }

    /// This element and its descendants with ``alignment`` set from where they were drawn in
    /// `parent` (``HorizontalPlacement/init(of:in:)``, the rule ``LayoutFidelity`` measures by).
    func placed(in parent: Rect) -> TruthElement {
        var element = self
        element.alignment = HorizontalPlacement(of: frame, in: parent)
        element.children = children.map { $0.placed(in: frame) }
        return element
    }
}

/// A generated screen: strokes, what they mean, and the intended stacks.
public struct SyntheticScreen: Sendable {
    /// The template's name (`login`, `settings`, ...).
    public var kind: String
    /// What its elements were drawn with.
    public var source: DrawingSource = .synthetic
    public var screen: Screen
    public var strokes: [Stroke]
    /// The root elements.
    public var truth: [TruthElement]
    /// The intended stack tree over the root keys, as a ``StackTree`` signature such as `V(a,H(b,c))`.
    public var intendedLayout: String
    /// What each stroke was drawn as, and what whole drawings were (keyed by sorted stroke ids).
    public var strokeTags: [String: String]
    public var wholeTags: [String: String]

    /// The screen as a NOTATION canvas file.
    public var canvasFile: CanvasFile {
        CanvasFile(
            canvas: .init(width: screen.width, height: screen.height),
            strokes: strokes.map {
                .init(
                    id: $0.id, points: $0.points, color: $0.color == Stroke.defaultColor ? nil : $0.color,
                    width: $0.width)
            })
    }
}
