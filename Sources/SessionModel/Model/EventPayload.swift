/// What a person did: the payload of one event in a session's append-only log.
///
/// The log holds only what people did. Derived results (detections, layout, code) are never
/// events; ``recognitionRun(model:sawSeq:)`` records only which model looked at which seq.
public enum EventPayload: Hashable, Sendable {
    /// A finished stroke.
    case strokeAdded(Stroke)
    /// Strokes rubbed out with the eraser.
    case strokesErased(strokeIDs: [String])
    /// Revert the author's own latest undoable action.
    case undo
    /// Re-apply the author's latest undone action.
    case redo
    /// Correction: the group made of exactly these strokes is an element of type `label`
    /// (a NOTATION type name such as `button`).
    case labelCorrected(strokeIDs: [String], label: String)
    /// Correction: these strokes form one element.
    case strokesMerged(strokeIDs: [String])
    /// Correction: each of these strokes stands alone.
    case strokesSplit(strokeIDs: [String])
    /// Correction: the recognizer skips these strokes (`ignored: false` takes that back).
    case strokesIgnored(strokeIDs: [String], ignored: Bool)
    /// Correction: the real text of the element made of these strokes.
    case textSet(strokeIDs: [String], text: String)
    /// A screen was added, or an existing screen's size changed.
    case screenAdded(Screen)
    /// A screen got a new name.
    case screenRenamed(screenID: String, name: String)
    /// Session metadata changed; `nil` fields are left as they were.
    case metadataSet(MetadataChange)
    /// A recognizer run: which model looked at the log up to which seq.
    case recognitionRun(model: String, sawSeq: Int64)
    /// These strokes were moved by (`dx`, `dy`) canvas points (multiples of 1/8 once validated).
    case strokesMoved(strokeIDs: [String], dx: Double, dy: Double)

    /// The kind names used in the `kind` column and on the wire.
    public enum Kind: String, CaseIterable, Sendable, Codable {
        case strokeAdded, strokesErased, undo, redo, labelCorrected, strokesMerged, strokesSplit
        case strokesIgnored, textSet, screenAdded, screenRenamed, metadataSet, recognitionRun
        // New kinds go last: the binary codec stores a kind as its index here.
        case strokesMoved
    }

    /// This payload's kind.
    public var kind: Kind {
        switch self {
        case .strokeAdded: .strokeAdded
        case .strokesErased: .strokesErased
        case .undo: .undo
        case .redo: .redo
        case .labelCorrected: .labelCorrected
        case .strokesMerged: .strokesMerged
        case .strokesSplit: .strokesSplit
        case .strokesIgnored: .strokesIgnored
        case .textSet: .textSet
        case .screenAdded: .screenAdded
        case .screenRenamed: .screenRenamed
        case .metadataSet: .metadataSet
        case .recognitionRun: .recognitionRun
        case .strokesMoved: .strokesMoved
        }
    }

    /// Whether the author can undo this action (everything but undo, redo and recognizer runs).
    public var isUndoable: Bool {
        switch self {
        case .undo, .redo, .recognitionRun: false
        default: true
        }
    }

    /// The strokes this action names, for conflict reports (empty for non-stroke actions).
    public var strokeIDs: [String] {
        switch self {
        case .strokeAdded(let stroke): [stroke.id]
        case .strokesErased(let ids), .strokesMerged(let ids), .strokesSplit(let ids): ids
        case .labelCorrected(let ids, _), .strokesIgnored(let ids, _), .textSet(let ids, _): ids
        case .strokesMoved(let ids, _, _): ids
        default: []
        }
    }
}

/// A change to session metadata; only the fields that are set change.
public struct MetadataChange: Hashable, Sendable, Codable {
    /// New session title.
    public var title: String?
    /// Whether the participants consent to the session being used as training data.
    public var trainingConsent: Bool?
    /// New design tokens.
    public var theme: Theme?

    /// Creates a change.
    public init(title: String? = nil, trainingConsent: Bool? = nil, theme: Theme? = nil) {
        self.title = title
        self.trainingConsent = trainingConsent
        self.theme = theme
    }
}
