/// JSON form used on the wire and by `sketchctl`: an object with a `kind` and that kind's fields,
/// for example `{"kind": "strokesErased", "strokeIds": ["s1"]}`.
extension EventPayload: Codable {
    private enum Key: String, CodingKey {
        case kind, stroke, strokeIds, label, ignored, text, screen, screenId, name
        case title, trainingConsent, theme, model, sawSeq, dx, dy
    }

    /// Decodes the JSON form; unknown kinds throw a `DecodingError` naming the kind.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let kindName = try c.decode(String.self, forKey: .kind)
        guard let kind = Kind(rawValue: kindName) else {
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: c, debugDescription: "unknown event kind '\(kindName.prefix(40))'")
        }
        switch kind {
        case .strokeAdded: self = .strokeAdded(try c.decode(Stroke.self, forKey: .stroke))
        case .strokesErased: self = .strokesErased(strokeIDs: try c.decode([String].self, forKey: .strokeIds))
        case .undo: self = .undo
        case .redo: self = .redo
        case .labelCorrected:
            self = .labelCorrected(
                strokeIDs: try c.decode([String].self, forKey: .strokeIds),
                label: try c.decode(String.self, forKey: .label))
        case .strokesMerged: self = .strokesMerged(strokeIDs: try c.decode([String].self, forKey: .strokeIds))
        case .strokesSplit: self = .strokesSplit(strokeIDs: try c.decode([String].self, forKey: .strokeIds))
        case .strokesIgnored:
            self = .strokesIgnored(
                strokeIDs: try c.decode([String].self, forKey: .strokeIds),
                ignored: try c.decodeIfPresent(Bool.self, forKey: .ignored) ?? true)
        case .textSet:
            self = .textSet(
                strokeIDs: try c.decode([String].self, forKey: .strokeIds),
                text: try c.decode(String.self, forKey: .text))
        case .screenAdded: self = .screenAdded(try c.decode(Screen.self, forKey: .screen))
        case .screenRenamed:
            self = .screenRenamed(
                screenID: try c.decode(String.self, forKey: .screenId), name: try c.decode(String.self, forKey: .name))
        case .metadataSet:
            self = .metadataSet(
                MetadataChange(
                    title: try c.decodeIfPresent(String.self, forKey: .title),
                    trainingConsent: try c.decodeIfPresent(Bool.self, forKey: .trainingConsent),
                    theme: try c.decodeIfPresent(Theme.self, forKey: .theme)))
        case .recognitionRun:
            self = .recognitionRun(
                model: try c.decode(String.self, forKey: .model), sawSeq: try c.decode(Int64.self, forKey: .sawSeq))
        case .strokesMoved:
            self = .strokesMoved(
                strokeIDs: try c.decode([String].self, forKey: .strokeIds),
                dx: try c.decode(Double.self, forKey: .dx), dy: try c.decode(Double.self, forKey: .dy))
        }
    }

    /// Encodes the JSON form.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(kind.rawValue, forKey: .kind)
        switch self {
        case .strokeAdded(let stroke): try c.encode(stroke, forKey: .stroke)
        case .strokesErased(let ids), .strokesMerged(let ids), .strokesSplit(let ids):
            try c.encode(ids, forKey: .strokeIds)
        case .undo, .redo: break
        case .labelCorrected(let ids, let label):
            try c.encode(ids, forKey: .strokeIds)
            try c.encode(label, forKey: .label)
        case .strokesIgnored(let ids, let ignored):
            try c.encode(ids, forKey: .strokeIds)
            try c.encode(ignored, forKey: .ignored)
        case .textSet(let ids, let text):
            try c.encode(ids, forKey: .strokeIds)
            try c.encode(text, forKey: .text)
        case .screenAdded(let screen): try c.encode(screen, forKey: .screen)
        case .screenRenamed(let id, let name):
            try c.encode(id, forKey: .screenId)
            try c.encode(name, forKey: .name)
        case .metadataSet(let change):
            try c.encodeIfPresent(change.title, forKey: .title)
            try c.encodeIfPresent(change.trainingConsent, forKey: .trainingConsent)
            try c.encodeIfPresent(change.theme, forKey: .theme)
        case .recognitionRun(let model, let seq):
            try c.encode(model, forKey: .model)
            try c.encode(seq, forKey: .sawSeq)
        case .strokesMoved(let ids, let dx, let dy):
            try c.encode(ids, forKey: .strokeIds)
            try c.encode(dx, forKey: .dx)
            try c.encode(dy, forKey: .dy)
        }
    }
}
