extension SessionState {
    /// Stroke and screen ids introduced by earlier operations of the batch being validated.
    public struct PendingAdditions: Sendable {
        var strokeIDs = Set<String>()
        var screenIDs = Set<String>()

        /// Nothing pending.
        public init() {}

        /// Records what `payload` introduces.
        public mutating func note(_ payload: EventPayload) {
            switch payload {
            case .strokeAdded(let stroke): strokeIDs.insert(stroke.id)
            case .screenAdded(let screen): screenIDs.insert(screen.id)
            default: break
            }
        }
    }

    /// Checks that an already validated payload makes sense against this state plus `pending`:
    /// new stroke ids are unused, named strokes exist, screens exist. The fold itself is total;
    /// this only turns mistakes into clear errors before anything is stored.
    /// - Throws: ``StrokeLogError/invalidEvent(_:)`` naming the problem.
    public func check(_ payload: EventPayload, pending: PendingAdditions = PendingAdditions()) throws {
        let strokeKnown = { (id: String) in strokes[id] != nil || pending.strokeIDs.contains(id) }
        switch payload {
        case .strokeAdded(let stroke):
            guard !strokeKnown(stroke.id) else {
                throw StrokeLogError.invalidEvent("stroke id '\(stroke.id)' is already used")
            }
            guard screen(stroke.screen) != nil || pending.screenIDs.contains(stroke.screen) else {
                throw StrokeLogError.invalidEvent("unknown screen '\(stroke.screen)'")
            }
        case .strokesErased(let ids):
            guard ids.contains(where: { liveStroke($0) != nil || pending.strokeIDs.contains($0) }) else {
                throw StrokeLogError.invalidEvent("none of the strokes to erase is live")
            }
        case .labelCorrected(let ids, _), .strokesMerged(let ids), .strokesSplit(let ids), .strokesIgnored(let ids, _),
            .textSet(let ids, _):
            if let missing = ids.first(where: { !strokeKnown($0) }) {
                throw StrokeLogError.invalidEvent("unknown stroke '\(missing)'")
            }
        case .strokesMoved(let ids, let dx, let dy):
            if let missing = ids.first(where: { !strokeKnown($0) }) {
                throw StrokeLogError.invalidEvent("unknown stroke '\(missing)'")
            }
            let live = ids.compactMap { liveStroke($0) }
            guard !live.isEmpty || ids.contains(where: pending.strokeIDs.contains) else {
                throw StrokeLogError.invalidEvent("none of the strokes to move is live")
            }
            let limit = StrokePoint.coordinateLimit
            for stroke in live {
                let b = stroke.bounds
                guard b.minX + dx >= -limit, b.maxX + dx <= limit, b.minY + dy >= -limit, b.maxY + dy <= limit else {
                    throw StrokeLogError.invalidNumber("the move takes stroke '\(stroke.id)' beyond ±\(Int(limit))")
                }
            }
        case .screenRenamed(let id, _):
            guard screen(id) != nil || pending.screenIDs.contains(id) else {
                throw StrokeLogError.invalidEvent("unknown screen '\(id)'")
            }
        case .undo, .redo, .screenAdded, .metadataSet, .recognitionRun:
            break
        }
    }
}
