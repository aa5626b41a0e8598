/// The inferred stack layout of a screen: what the preview draws and the code generator nests.
public indirect enum LayoutNode: Hashable, Sendable {
    /// Children top to bottom.
    case vstack(Stack)
    /// Children left to right.
    case hstack(Stack)
    /// Children overlapping, back to front.
    case zstack(Stack)
    /// A flexible gap.
    case spacer(minLength: Double)
    /// An element (by ``Element/id``).
    case element(id: String)

    /// A stack's settings and children.
    public struct Stack: Hashable, Sendable, Codable {
        /// Gap between children, snapped to the 8-point grid.
        public var spacing: Double
        /// Cross-axis alignment: `leading`, `center` or `trailing` (`top`/`bottom` for HStacks).
        public var alignment: String
        /// Padding around the stack: top, leading, bottom, trailing.
        public var padding: Insets
        /// The stacked nodes.
        public var children: [LayoutNode]

        /// Creates a stack.
        public init(spacing: Double, alignment: String, padding: Insets = .zero, children: [LayoutNode]) {
            self.spacing = spacing
            self.alignment = alignment
            self.padding = padding
            self.children = children
        }
    }

    /// Edge insets in points.
    public struct Insets: Hashable, Sendable, Codable {
        public var top: Double
        public var leading: Double
        public var bottom: Double
        public var trailing: Double

        /// No padding.
        public static let zero = Insets(top: 0, leading: 0, bottom: 0, trailing: 0)

        /// Creates insets.
        public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
            self.top = top
            self.leading = leading
            self.bottom = bottom
            self.trailing = trailing
        }
    }

    /// The element ids in this subtree, in order.
    public var elementIDs: [String] {
        switch self {
        case .vstack(let s), .hstack(let s), .zstack(let s): s.children.flatMap(\.elementIDs)
        case .spacer: []
        case .element(let id): [id]
        }
    }
}

/// JSON form: `{"kind": "vstack", "spacing": 8, "alignment": "leading", "padding": {...},
/// "children": [...]}`, `{"kind": "spacer", "minLength": 0}`, `{"kind": "element", "id": "e1"}`.
extension LayoutNode: Codable {
    private enum Key: String, CodingKey { case kind, spacing, alignment, padding, children, minLength, id }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let kind = try c.decode(String.self, forKey: .kind)
        switch kind {
        case "vstack", "hstack", "zstack":
            let stack = Stack(
                spacing: try c.decode(Double.self, forKey: .spacing),
                alignment: try c.decode(String.self, forKey: .alignment),
                padding: try c.decodeIfPresent(Insets.self, forKey: .padding) ?? .zero,
                children: try c.decode([LayoutNode].self, forKey: .children))
            self = kind == "vstack" ? .vstack(stack) : kind == "hstack" ? .hstack(stack) : .zstack(stack)
        case "spacer": self = .spacer(minLength: try c.decodeIfPresent(Double.self, forKey: .minLength) ?? 0)
        case "element": self = .element(id: try c.decode(String.self, forKey: .id))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: c, debugDescription: "unknown layout kind \(kind)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .vstack(let s), .hstack(let s), .zstack(let s):
            let kind = if case .vstack = self { "vstack" } else if case .hstack = self { "hstack" } else { "zstack" }
            try c.encode(kind, forKey: .kind)
            try c.encode(s.spacing, forKey: .spacing)
            try c.encode(s.alignment, forKey: .alignment)
            try c.encode(s.padding, forKey: .padding)
            try c.encode(s.children, forKey: .children)
        case .spacer(let minLength):
            try c.encode("spacer", forKey: .kind)
            try c.encode(minLength, forKey: .minLength)
        case .element(let id):
            try c.encode("element", forKey: .kind)
            try c.encode(id, forKey: .id)
        }
    }
}
