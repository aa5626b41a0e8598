/// The state of a session at some seq: the pure fold of its log.
///
/// `SessionState` is a value. ``apply(_:)`` is the fold step `(state, event) -> state`; folding the
/// same events always gives the same state and the same ``stateHashInput`` (StrokeLog's
/// `stateHash` is its SHA-256).
///
/// Undo and redo never delete anything. Each undoable action is *active* or not, and what a
/// person sees is derived from the active actions only. Undo switches off the author's own
/// newest active action; redo switches it back on. So undo n times then redo n times gives the
/// identical state, and nobody's undo can touch another author's action.
public struct SessionState: Hashable, Sendable {
    /// The seq of the last event folded in (0 for an empty log).
    public internal(set) var lastSeq: Int64 = 0

    struct StrokeEntry: Hashable, Sendable {
        var stroke: Stroke
        var addSeq: Int64
        var addActive: Bool
        var activeErasers: Set<Int64>
        /// The sum of the active moves of this stroke (exact: every term is a multiple of 1/8).
        var offset = Offset.zero
        var isLive: Bool { addActive && activeErasers.isEmpty }
        /// The stroke where its active moves put it.
        var shown: Stroke {
            guard offset != .zero else { return stroke }
            var moved = stroke
            moved.points = stroke.points.map {
                StrokePoint(x: $0.x + offset.dx, y: $0.y + offset.dy, t: $0.t, pressure: $0.pressure)
            }
            return moved
        }
    }

    /// A translation in canvas points.
    struct Offset: Hashable, Sendable {
        var dx: Double
        var dy: Double
        static let zero = Offset(dx: 0, dy: 0)
    }

    enum ActionEffect: Hashable, Sendable {
        case addStroke(String)
        case erase([String])
        case correction
        case screen(String)
        case rename(String)
        case metadata(MetadataChange)
        case move([String], Offset)
    }

    struct Action: Hashable, Sendable {
        var author: String
        var effect: ActionEffect
        var strokeIDs: [String]
    }

    // The tables that grow with the session are sharded: a commit copies the state that the
    // service thread still holds, and then copies only the shards it changes.
    var strokes = ShardedDictionary<String, StrokeEntry>()
    /// The live strokes of each screen that has any (derived from `strokes`; see
    /// ``noteLiveness(of:)``).
    var liveByScreen: [String: LiveStrokes] = [:]
    var actions = ShardedDictionary<Int64, Action>()
    var inactiveActions: Set<Int64> = []
    var actionsByStroke = ShardedDictionary<String, [Int64]>()
    var correctionsBySeq: [Int64: Correction] = [:]
    var activeCorrectionSeqs: Set<Int64> = []
    var screenAdds: [String: Register<Screen>] = [:]
    var screenRenames: [String: Register<String>] = [:]
    var screenFirstSeq: [String: Int64] = [:]
    var title = Register<String>()
    var consent = Register<Bool>()
    var themeRegister = Register<Theme>()
    var undoStacks: [String: [Int64]] = [:]
    var redoStacks: [String: [Int64]] = [:]

    /// An empty session.
    public init() {}

    /// The live strokes (added, not undone, not erased), in drawing order.
    public var liveStrokes: [Stroke] {
        guard liveByScreen.count > 1 else { return liveByScreen.first?.value.strokes ?? [] }
        var found: [(addSeq: Int64, stroke: Stroke)] = []
        for live in liveByScreen.values { found += zip(live.addSeqs, live.strokes).map { (addSeq: $0, stroke: $1) } }
        found.sort { ($0.addSeq, $0.stroke.id) < ($1.addSeq, $1.stroke.id) }
        return found.map { $0.stroke }
    }

    /// The live strokes of one screen, in drawing order. Every recognition asks for them: the
    /// fold keeps them (``LiveStrokes``), so this reads no other stroke.
    public func liveStrokes(onScreen screenID: String) -> [Stroke] { liveByScreen[screenID]?.strokes ?? [] }

    /// Brings ``liveByScreen`` up to date after the stroke `id` was added, erased, moved, or had
    /// one of those undone or redone.
    mutating func noteLiveness(of id: String) {
        guard let entry = strokes[id] else { return }
        let screen = entry.stroke.screen
        if entry.isLive {
            liveByScreen[screen, default: LiveStrokes()].set(entry.shown, addedAt: entry.addSeq)
        } else if liveByScreen[screen] != nil {
            liveByScreen[screen]!.remove(id, addedAt: entry.addSeq)
            if liveByScreen[screen]!.isEmpty { liveByScreen[screen] = nil }
        }
    }

    /// A live stroke by id.
    public func liveStroke(_ id: String) -> Stroke? {
        guard let entry = strokes[id], entry.isLive else { return nil }
        return entry.shown
    }

    /// Whether a stroke with this id was ever added (live or not); ids are never reused.
    public func strokeIDExists(_ id: String) -> Bool { strokes[id] != nil }

    /// The active corrections, oldest first; later ones win.
    public var corrections: [Correction] {
        activeCorrectionSeqs.sorted().compactMap { correctionsBySeq[$0] }
    }

    /// The active corrections that name at least one stroke of `screenID`, oldest first.
    public func corrections(onScreen screenID: String) -> [Correction] {
        corrections.filter { $0.strokeIDs.contains { strokes[$0]?.stroke.screen == screenID } }
    }

    /// The screens, in the order they were first added; `main` is always first.
    public var screens: [Screen] {
        var result: [Screen] = []
        if screenAdds[Screen.mainID]?.value == nil { result.append(named(Screen.main)) }
        let ordered = screenFirstSeq.sorted { $0.value < $1.value }.map(\.key)
        for id in ordered { if let screen = screenAdds[id]?.value { result.append(named(screen)) } }
        if let index = result.firstIndex(where: { $0.id == Screen.mainID }), index != 0 {
            result.insert(result.remove(at: index), at: 0)
        }
        return result
    }

    /// A screen by id.
    public func screen(_ id: String) -> Screen? { screens.first { $0.id == id } }

    private func named(_ screen: Screen) -> Screen {
        var copy = screen
        if let name = screenRenames[screen.id]?.value { copy.name = name }
        return copy
    }

    /// The session title, if one was set.
    public var sessionTitle: String? { title.value }
    /// Whether the participants consented to use the session as training data.
    public var trainingConsent: Bool { consent.value ?? false }
    /// The session's design tokens.
    public var theme: Theme { themeRegister.value ?? .standard }

    /// The seqs the author can undo, oldest first.
    public func undoStack(of author: String) -> [Int64] { undoStacks[author] ?? [] }
    /// The seqs the author can redo, the next redo last.
    public func redoStack(of author: String) -> [Int64] { redoStacks[author] ?? [] }
    /// Every author who has acted in the session, sorted.
    public var authors: [String] { Set(undoStacks.keys).union(redoStacks.keys).sorted() }
}
