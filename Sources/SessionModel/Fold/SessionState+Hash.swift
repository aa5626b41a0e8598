extension SessionState {
    /// The canonical binary form of what the state shows: live strokes in drawing order, active
    /// corrections, screens, metadata, and every author's undo and redo stacks. It leaves out
    /// ``lastSeq``, so undo n times then redo n times gives the same bytes. StrokeLog's
    /// `stateHash` is its SHA-256.
    package var stateHashInput: [UInt8] {
        var w = BinaryWriter()
        let live = liveStrokes
        w.varint(UInt64(live.count))
        for stroke in live { EventPayload.write(stroke, to: &w) }
        let active = corrections
        w.varint(UInt64(active.count))
        for correction in active {
            w.int(correction.seq)
            w.string(correction.author)
            w.strings(correction.strokeIDs)
            Self.write(correction.kind, to: &w)
        }
        let allScreens = screens
        w.varint(UInt64(allScreens.count))
        for screen in allScreens { EventPayload.write(screen, to: &w) }
        w.string(sessionTitle ?? "")
        w.bool(trainingConsent)
        EventPayload.write(theme, to: &w)
        let everyone = authors
        w.varint(UInt64(everyone.count))
        for author in everyone {
            w.string(author)
            for stack in [undoStack(of: author), redoStack(of: author)] {
                w.varint(UInt64(stack.count))
                for seq in stack { w.int(seq) }
            }
        }
        return w.bytes
    }
}

extension SessionState {
    /// The canonical binary form of a correction's kind (the state hash and checkpoints).
    static func write(_ kind: Correction.Kind, to w: inout BinaryWriter) {
        switch kind {
        case .label(let label):
            w.byte(0)
            w.string(label)
        case .merge: w.byte(1)
        case .split: w.byte(2)
        case .ignore(let on):
            w.byte(3)
            w.bool(on)
        case .text(let text):
            w.byte(4)
            w.string(text)
        }
    }

    /// Reads what ``write(_:to:)`` wrote.
    static func readCorrectionKind(_ r: inout BinaryReader) throws -> Correction.Kind {
        switch try r.byte() {
        case 0: .label(try r.string())
        case 1: .merge
        case 2: .split
        case 3: .ignore(try r.bool())
        case 4: .text(try r.string())
        case let other: throw StrokeLogError.malformedInput("unknown correction kind \(other)")
        }
    }
}
