import Recognize

/// One training or validation example: a stroke group, its class, and whether its frame is known.
public struct LabeledDrawing: Sendable, Hashable {
    /// Stable id (DoodleUINet id, `synthetic/<class>/<n>`, or a correction's stroke ids).
    public var id: String
    /// The true class; nil for clutter that is none of the classes (see ``PrimitiveSynthesizer/clutter(in:)``).
    public var label: PrimitiveClass?
    /// The strokes.
    public var strokes: [[Point2]]
    /// The screen it was drawn on, when known (synthetic primitives and corrections).
    public var frameSize: Point2?

    /// Creates an example.
    public init(id: String, label: PrimitiveClass?, strokes: [[Point2]], frameSize: Point2? = nil) {
        self.id = id
        self.label = label
        self.strokes = strokes
        self.frameSize = frameSize
    }
}
