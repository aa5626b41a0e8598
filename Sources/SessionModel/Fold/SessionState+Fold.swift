extension SessionState {
    /// Folds a whole log, in order.
    public static func fold<S: Sequence>(_ records: S) -> SessionState where S.Element == EventRecord {
        var state = SessionState()
        for record in records { state.apply(record) }
        return state
    }

    /// The fold step: applies one event. Events must come in seq order.
    @discardableResult
    public mutating func apply(_ record: EventRecord) -> FoldOutcome {
        lastSeq = record.seq
        switch record.payload {
        case .undo: return undo(by: record.author)
        case .redo: return redo(by: record.author)
        case .recognitionRun: return .applied
        default: break
        }
        guard let effect = perform(record) else {
            return .noEffect("stroke id already used")
        }
        let action = Action(author: record.author, effect: effect, strokeIDs: record.payload.strokeIDs)
        actions[record.seq] = action
        for id in action.strokeIDs { actionsByStroke[id, default: []].append(record.seq) }
        undoStacks[record.author, default: []].append(record.seq)
        redoStacks[record.author] = []
        return .applied
    }

    /// Carries out an undoable action for the first time and says how to switch it off and on.
    private mutating func perform(_ record: EventRecord) -> ActionEffect? {
        let seq = record.seq
        switch record.payload {
        case .strokeAdded(let stroke):
            guard strokes[stroke.id] == nil else { return nil }
            strokes[stroke.id] = StrokeEntry(stroke: stroke, addSeq: seq, addActive: true, activeErasers: [])
            noteLiveness(of: stroke.id)
            return .addStroke(stroke.id)
        case .strokesErased(let ids):
            let existing = ids.filter { strokes[$0] != nil }
            for id in existing {
                strokes[id]?.activeErasers.insert(seq)
                noteLiveness(of: id)
            }
            return .erase(existing)
        case .labelCorrected(let ids, let label): return addCorrection(seq, record.author, ids, .label(label))
        case .strokesMerged(let ids): return addCorrection(seq, record.author, ids, .merge)
        case .strokesSplit(let ids): return addCorrection(seq, record.author, ids, .split)
        case .strokesIgnored(let ids, let ignored): return addCorrection(seq, record.author, ids, .ignore(ignored))
        case .textSet(let ids, let text): return addCorrection(seq, record.author, ids, .text(text))
        case .screenAdded(let screen):
            screenAdds[screen.id, default: Register()].write(screen, at: seq)
            if screenFirstSeq[screen.id] == nil { screenFirstSeq[screen.id] = seq }
            return .screen(screen.id)
        case .screenRenamed(let id, let name):
            screenRenames[id, default: Register()].write(name, at: seq)
            return .rename(id)
        case .metadataSet(let change):
            if let value = change.title { title.write(value, at: seq) }
            if let value = change.trainingConsent { consent.write(value, at: seq) }
            if let value = change.theme { themeRegister.write(value, at: seq) }
            return .metadata(change)
        case .strokesMoved(let ids, let dx, let dy):
            let existing = ids.filter { strokes[$0] != nil }
            let offset = Offset(dx: dx, dy: dy)
            shift(existing, by: offset, sign: 1)
            return .move(existing, offset)
        case .undo, .redo, .recognitionRun:
            return nil
        }
    }

    /// Adds (`sign` 1) or takes back (`sign` -1) a move of these strokes.
    private mutating func shift(_ ids: [String], by offset: Offset, sign: Double) {
        for id in ids {
            strokes[id]?.offset.dx += sign * offset.dx
            strokes[id]?.offset.dy += sign * offset.dy
            noteLiveness(of: id)
        }
    }

    private mutating func addCorrection(_ seq: Int64, _ author: String, _ ids: [String], _ kind: Correction.Kind)
        -> ActionEffect
    {
        correctionsBySeq[seq] = Correction(seq: seq, author: author, strokeIDs: ids, kind: kind)
        activeCorrectionSeqs.insert(seq)
        return .correction
    }

    private mutating func undo(by author: String) -> FoldOutcome {
        guard let seq = undoStacks[author]?.popLast() else { return .nothingToUndo }
        setActive(false, seq)
        redoStacks[author, default: []].append(seq)
        return .undid(undoneSeq: seq, overlaps: overlappingActions(after: seq, by: author))
    }

    private mutating func redo(by author: String) -> FoldOutcome {
        guard let seq = redoStacks[author]?.popLast() else { return .nothingToUndo }
        setActive(true, seq)
        undoStacks[author, default: []].append(seq)
        return .redid(redoneSeq: seq)
    }

    /// Switches the action at `seq` off (undo) or on again (redo).
    private mutating func setActive(_ active: Bool, _ seq: Int64) {
        guard let action = actions[seq] else { return }
        if active { inactiveActions.remove(seq) } else { inactiveActions.insert(seq) }
        switch action.effect {
        case .addStroke(let id):
            strokes[id]?.addActive = active
            noteLiveness(of: id)
        case .erase(let ids):
            for id in ids {
                if active { strokes[id]?.activeErasers.insert(seq) } else { strokes[id]?.activeErasers.remove(seq) }
                noteLiveness(of: id)
            }
        case .correction:
            if active { activeCorrectionSeqs.insert(seq) } else { activeCorrectionSeqs.remove(seq) }
        case .screen(let id):
            screenAdds[id]?.setActive(active, at: seq)
        case .rename(let id):
            screenRenames[id]?.setActive(active, at: seq)
        case .metadata(let change):
            if change.title != nil { title.setActive(active, at: seq) }
            if change.trainingConsent != nil { consent.setActive(active, at: seq) }
            if change.theme != nil { themeRegister.setActive(active, at: seq) }
        case .move(let ids, let offset):
            shift(ids, by: offset, sign: active ? 1 : -1)
        }
    }

    /// Later actions of other authors that name any of the strokes of the action at `seq` and
    /// are still active.
    private func overlappingActions(after seq: Int64, by author: String) -> [Int64] {
        guard let undone = actions[seq], !undone.strokeIDs.isEmpty else { return [] }
        var overlaps = Set<Int64>()
        for id in undone.strokeIDs {
            for other in actionsByStroke[id] ?? []
            where other > seq && isActive(other) && actions[other]?.author != author {
                overlaps.insert(other)
            }
        }
        return overlaps.sorted()
    }

    /// Whether the undoable action at `seq` is currently in effect.
    func isActive(_ seq: Int64) -> Bool {
        actions[seq] != nil && !inactiveActions.contains(seq)
    }
}
