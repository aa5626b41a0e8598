extension EventPayload {
    /// The most strokes one action may name.
    public static let maxStrokeIDs = 5_000
    /// The largest distance, per axis, one move may carry: from one edge of the canvas to the other.
    public static let maxMoveDistance = 2 * StrokePoint.coordinateLimit

    /// Checks the payload against the log's rules and returns it in canonical form.
    /// - Throws: a ``StrokeLogError`` naming the first problem.
    public func validated() throws -> EventPayload {
        switch self {
        case .strokeAdded(let stroke): return .strokeAdded(try stroke.validated())
        case .strokesErased(let ids): return .strokesErased(strokeIDs: try Self.checkIDs(ids))
        case .undo, .redo: return self
        case .labelCorrected(let ids, let label):
            try Identifier.check(label, what: "label")
            return .labelCorrected(strokeIDs: try Self.checkIDs(ids), label: label)
        case .strokesMerged(let ids):
            let checked = try Self.checkIDs(ids)
            guard checked.count >= 2 else { throw StrokeLogError.invalidEvent("merging needs at least two strokes") }
            return .strokesMerged(strokeIDs: checked)
        case .strokesSplit(let ids): return .strokesSplit(strokeIDs: try Self.checkIDs(ids))
        case .strokesIgnored(let ids, let ignored):
            return .strokesIgnored(strokeIDs: try Self.checkIDs(ids), ignored: ignored)
        case .textSet(let ids, let text):
            return .textSet(
                strokeIDs: try Self.checkIDs(ids), text: try TextLimit.elementText.checked(text, what: "text"))
        case .screenAdded(let screen): return .screenAdded(try screen.validated())
        case .screenRenamed(let id, let name):
            try Identifier.check(id, what: "screen id")
            return .screenRenamed(screenID: id, name: try ScreenName.check(name, what: "screen name"))
        case .metadataSet(let change):
            let title = try change.title.map { try ScreenName.check($0, what: "title") }
            guard change.title != nil || change.trainingConsent != nil || change.theme != nil else {
                throw StrokeLogError.invalidEvent("metadataSet changes nothing")
            }
            return .metadataSet(
                MetadataChange(
                    title: title, trainingConsent: change.trainingConsent, theme: try change.theme?.validated()))
        case .recognitionRun(let model, let seq):
            try Identifier.check(model, what: "model")
            guard seq >= 0 else { throw StrokeLogError.invalidNumber("sawSeq must not be negative") }
            return self
        case .strokesMoved(let ids, let dx, let dy):
            let checked = try Self.checkIDs(ids)
            let offset = (
                dx: try Self.canonicalDistance(dx, axis: "dx"), dy: try Self.canonicalDistance(dy, axis: "dy")
            )
            guard offset.dx != 0 || offset.dy != 0 else {
                throw StrokeLogError.invalidEvent("a move by (0, 0) changes nothing")
            }
            return .strokesMoved(strokeIDs: checked, dx: offset.dx, dy: offset.dy)
        }
    }

    /// Checks one axis of a move and rounds it to the 1/8-point grid the points live on.
    private static func canonicalDistance(_ value: Double, axis: String) throws -> Double {
        guard value.isFinite, abs(value) <= maxMoveDistance else {
            throw StrokeLogError.invalidNumber("\(axis) must be a finite number within ±\(Int(maxMoveDistance))")
        }
        return (value * 8).rounded() / 8
    }

    /// Checks a list of stroke ids: 1...maxStrokeIDs valid ids; duplicates are removed, order kept.
    private static func checkIDs(_ ids: [String]) throws -> [String] {
        guard !ids.isEmpty else { throw StrokeLogError.invalidEvent("strokeIds must not be empty") }
        guard ids.count <= maxStrokeIDs else { throw StrokeLogError.invalidEvent("at most \(maxStrokeIDs) strokeIds") }
        var seen = Set<String>()
        var unique: [String] = []
        for id in ids {
            try Identifier.check(id, what: "stroke id")
            if seen.insert(id).inserted { unique.append(id) }
        }
        return unique
    }
}
