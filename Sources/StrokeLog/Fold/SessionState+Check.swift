extension SessionState {
    /// Checks that an already validated payload makes sense against this state: new stroke ids
    /// are unused, named strokes exist, screens exist.
    /// - Throws: ``StrokeLogError/invalidEvent(_:)`` naming the problem.
    public func check(_ payload: EventPayload) throws {
        switch payload {
        case .strokeAdded(let stroke):
            guard strokes[stroke.id] == nil else { throw StrokeLogError.invalidEvent("stroke id '\(stroke.id)' is already used") }
            guard screen(stroke.screen) != nil else { throw StrokeLogError.invalidEvent("unknown screen '\(stroke.screen)'") }
        case .strokesErased(let ids):
            guard ids.contains(where: { liveStroke($0) != nil }) else { throw StrokeLogError.invalidEvent("none of the strokes to erase is live") }
        case .labelCorrected(let ids, _), .strokesMerged(let ids), .strokesSplit(let ids), .strokesIgnored(let ids, _), .textSet(let ids, _):
            if let missing = ids.first(where: { strokes[$0] == nil }) {
                throw StrokeLogError.invalidEvent("unknown stroke '\(missing)'")
            }
        case .screenRenamed(let id, _):
            guard screen(id) != nil else { throw StrokeLogError.invalidEvent("unknown screen '\(id)'") }
        case .undo, .redo, .screenAdded, .metadataSet, .recognitionRun:
            break
        }
    }
}
