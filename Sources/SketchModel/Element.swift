/// One recognised UI element: the shared model between `Recognize` and `Exporter`.
///
/// Its JSON form is the element of NOTATION's elements file; the extra keys are optional.
public struct Element: Hashable, Sendable, Codable, Identifiable {
    /// Stable id derived from the element's strokes, so it survives unrelated edits.
    public var id: String
    /// What it is.
    public var type: ElementType
    /// Where it is, in canvas points of its screen.
    public var frame: Rect
    /// Calibrated confidence 0...1 (1 for types a person set with a correction).
    public var confidence: Double
    /// The strokes it was recognised from, in drawing order.
    public var strokeIds: [String]
    /// The real text: typed by a person, or read from their handwriting; nil for placeholder text.
    public var text: String?
    /// How sure the handwriting reader is of ``text`` (0...1); nil when a person typed it or there
    /// is none. Below Recognize's `ReadText.guessBelow` the page shows the text as a guess.
    public var textConfidence: Double?
    /// What it holds (navigation and tab bars, lists, containers, buttons, segmented controls).
    public var children: [Element]

    /// For icons and icon buttons: the pictogram, as an SF Symbol name such as `chevron.left`.
    public var symbol: String?
    /// For children of a navigation bar: `leading`, `title` or `trailing`; for list rows: `row`.
    public var role: String?
    /// The dominant stroke colour (`#rrggbb`) when it is not the default ink.
    public var color: String?
    /// For toggles and checkboxes: whether it is drawn on (always set for them, corrected or not).
    public var isOn: Bool?
    /// For segmented controls and tab bars: how many segments or items.
    public var segments: Int?
    /// Whether the type came from a person's correction rather than the model.
    public var corrected: Bool
    /// Where the generated SwiftUI puts it on the screen's device size (Recognize's `LayoutFrameResolver`);
    /// nil until the layout is solved.
    public var layoutFrame: Rect?

    /// Creates an element.
    public init(
        id: String, type: ElementType, frame: Rect, confidence: Double, strokeIds: [String],
        text: String? = nil, children: [Element] = [], symbol: String? = nil, role: String? = nil,
        color: String? = nil, isOn: Bool? = nil, segments: Int? = nil, corrected: Bool = false
    ) {
        self.id = id
        self.type = type
        self.frame = frame
        self.confidence = confidence
        self.strokeIds = strokeIds
        self.text = text
        self.children = children
        self.symbol = symbol
        self.role = role
        self.color = color
        self.isOn = isOn
        self.segments = segments
        self.corrected = corrected
    }

    /// This element and all its descendants, depth first.
    public var flattened: [Element] { [self] + children.flatMap(\.flattened) }

    /// Calls `body` with this element and each of its descendants, depth first (the order of
    /// ``flattened``), without copying them into an array.
    public func visitTree(_ body: (Element) -> Void) {
        body(self)
        for child in children { child.visitTree(body) }
    }
}

extension Element {
    enum CodingKeys: String, CodingKey {
        case id, type, frame, confidence, strokeIds, text, textConfidence, children, symbol, role, color, isOn,
            segments, corrected
        case layoutFrame
    }

    /// Encodes NOTATION's keys always (`text` as `null` when unset) and the extra keys when set.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(type, forKey: .type)
        try c.encode(frame, forKey: .frame)
        try c.encode(confidence, forKey: .confidence)
        try c.encode(strokeIds, forKey: .strokeIds)
        try c.encode(text, forKey: .text)
        try c.encodeIfPresent(textConfidence, forKey: .textConfidence)
        try c.encode(children, forKey: .children)
        try c.encodeIfPresent(symbol, forKey: .symbol)
        try c.encodeIfPresent(role, forKey: .role)
        try c.encodeIfPresent(color, forKey: .color)
        try c.encodeIfPresent(isOn, forKey: .isOn)
        try c.encodeIfPresent(segments, forKey: .segments)
        try c.encode(corrected, forKey: .corrected)
        try c.encodeIfPresent(layoutFrame, forKey: .layoutFrame)
    }
}
