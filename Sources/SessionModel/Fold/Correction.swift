/// A person's correction of the recognizer. Corrections stick to the strokes they name and win
/// over the recognizer; when several name the same strokes, the newest one wins.
public struct Correction: Hashable, Sendable {
    /// What the person said about the strokes.
    public enum Kind: Hashable, Sendable {
        /// The strokes form one element of this NOTATION type.
        case label(String)
        /// The strokes form one element; the recognizer picks the type.
        case merge
        /// Each stroke stands alone.
        case split
        /// The recognizer skips the strokes (`false` takes an earlier ignore back).
        case ignore(Bool)
        /// The real text of the element the strokes form.
        case text(String)
    }

    /// The seq of the event that made this correction.
    public var seq: Int64
    /// Who made it.
    public var author: String
    /// The strokes it names.
    public var strokeIDs: [String]
    /// What it says.
    public var kind: Kind

    /// Creates a correction.
    public init(seq: Int64, author: String, strokeIDs: [String], kind: Kind) {
        self.seq = seq
        self.author = author
        self.strokeIDs = strokeIDs
        self.kind = kind
    }
}

/// JSON form: `{"seq", "author", "strokeIds", "kind": "label" | "merge" | "split" | "ignore" | "text",
/// "label"?, "ignored"?, "text"?}`.
extension Correction: Codable {
    private enum Key: String, CodingKey { case seq, author, strokeIds, kind, label, ignored, text }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        seq = try c.decode(Int64.self, forKey: .seq)
        author = try c.decode(String.self, forKey: .author)
        strokeIDs = try c.decode([String].self, forKey: .strokeIds)
        switch try c.decode(String.self, forKey: .kind) {
        case "label": kind = .label(try c.decode(String.self, forKey: .label))
        case "merge": kind = .merge
        case "split": kind = .split
        case "ignore": kind = .ignore(try c.decode(Bool.self, forKey: .ignored))
        case "text": kind = .text(try c.decode(String.self, forKey: .text))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: c, debugDescription: "unknown correction \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(seq, forKey: .seq)
        try c.encode(author, forKey: .author)
        try c.encode(strokeIDs, forKey: .strokeIds)
        switch kind {
        case .label(let label):
            try c.encode("label", forKey: .kind)
            try c.encode(label, forKey: .label)
        case .merge: try c.encode("merge", forKey: .kind)
        case .split: try c.encode("split", forKey: .kind)
        case .ignore(let on):
            try c.encode("ignore", forKey: .kind)
            try c.encode(on, forKey: .ignored)
        case .text(let text):
            try c.encode("text", forKey: .kind)
            try c.encode(text, forKey: .text)
        }
    }
}
