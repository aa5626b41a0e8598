/// The exact binary form of a whole ``SessionState``, for checkpoints: everything the fold keeps
/// (inactive actions, undo and redo stacks, register histories, erasers, move offsets), so
/// folding on from a decoded state gives the same state, bit for bit, as folding from the start.
/// Dictionaries and sets are written in sorted order (strokes by their add seq, which is unique),
/// so equal states encode to equal bytes;
/// the index of actions by stroke is rebuilt from the actions rather than stored.
extension SessionState {
    /// Version byte at the front of every encoded state.
    static let checkpointVersion: UInt8 = 1

    /// The state's canonical, complete binary encoding.
    public func checkpointEncoded() -> [UInt8] {
        var w = BinaryWriter()
        w.byte(Self.checkpointVersion)
        w.int(lastSeq)
        w.varint(UInt64(strokes.count))
        for entry in strokes.values.sorted(by: { $0.addSeq < $1.addSeq }) {
            EventPayload.write(entry.stroke, to: &w)
            w.int(entry.addSeq)
            w.bool(entry.addActive)
            w.ints(entry.activeErasers.sorted())
            Self.write(entry.offset, to: &w)
        }
        w.varint(UInt64(actions.count))
        for seq in actions.keys.sorted() {
            let action = actions[seq]!
            w.int(seq)
            w.string(action.author)
            Self.write(action.effect, to: &w)
            w.strings(action.strokeIDs)
        }
        w.ints(inactiveActions.sorted())
        w.varint(UInt64(correctionsBySeq.count))
        for seq in correctionsBySeq.keys.sorted() {
            let correction = correctionsBySeq[seq]!
            w.int(seq)
            w.int(correction.seq)
            w.string(correction.author)
            w.strings(correction.strokeIDs)
            Self.write(correction.kind, to: &w)
        }
        w.ints(activeCorrectionSeqs.sorted())
        Self.write(screenAdds, to: &w) { EventPayload.write($0, to: &$1) }
        Self.write(screenRenames, to: &w) { $1.string($0) }
        w.varint(UInt64(screenFirstSeq.count))
        for id in screenFirstSeq.keys.sorted() {
            w.string(id)
            w.int(screenFirstSeq[id]!)
        }
        Self.write(title, to: &w) { $1.string($0) }
        Self.write(consent, to: &w) { $1.bool($0) }
        Self.write(themeRegister, to: &w) { EventPayload.write($0, to: &$1) }
        for stacks in [undoStacks, redoStacks] {
            w.varint(UInt64(stacks.count))
            for author in stacks.keys.sorted() {
                w.string(author)
                w.ints(stacks[author]!)
            }
        }
        return w.bytes
    }

    /// Decodes what ``checkpointEncoded()`` wrote.
    /// - Throws: ``StrokeLogError/malformedInput(_:)`` for truncated, unknown or trailing data.
    public init(checkpoint bytes: [UInt8]) throws {
        var r = BinaryReader(bytes)
        guard try r.byte() == Self.checkpointVersion else {
            throw StrokeLogError.malformedInput("unknown checkpoint version")
        }
        self.init()
        lastSeq = try r.int()
        let strokeCount = try r.count()
        strokes.reserveCapacity(strokeCount)
        for _ in 0..<strokeCount {
            let stroke = try EventPayload.readStroke(&r)
            strokes[stroke.id] = StrokeEntry(
                stroke: stroke, addSeq: try r.int(), addActive: try r.bool(), activeErasers: Set(try r.ints()),
                offset: try Self.readOffset(&r))
        }
        for id in strokes.keys { noteLiveness(of: id) }
        let actionCount = try r.count()
        actions.reserveCapacity(actionCount)
        actionsByStroke.reserveCapacity(strokeCount)
        for _ in 0..<actionCount {
            let seq = try r.int()
            actions[seq] = Action(author: try r.string(), effect: try Self.readEffect(&r), strokeIDs: try r.strings())
        }
        inactiveActions = Set(try r.ints())
        for seq in actions.keys.sorted() {
            for id in actions[seq]!.strokeIDs { actionsByStroke[id, default: []].append(seq) }
        }
        for _ in 0..<(try r.count()) {
            let key = try r.int()
            correctionsBySeq[key] = Correction(
                seq: try r.int(), author: try r.string(), strokeIDs: try r.strings(),
                kind: try Self.readCorrectionKind(&r))
        }
        activeCorrectionSeqs = Set(try r.ints())
        screenAdds = try Self.readRegisters(&r) { try EventPayload.readScreen(&$0) }
        screenRenames = try Self.readRegisters(&r) { try $0.string() }
        for _ in 0..<(try r.count()) { screenFirstSeq[try r.string()] = try r.int() }
        title = try Self.readRegister(&r) { try $0.string() }
        consent = try Self.readRegister(&r) { try $0.bool() }
        themeRegister = try Self.readRegister(&r) { try EventPayload.readTheme(&$0) }
        for _ in 0..<(try r.count()) { undoStacks[try r.string()] = try r.ints() }
        for _ in 0..<(try r.count()) { redoStacks[try r.string()] = try r.ints() }
        guard r.isAtEnd else { throw StrokeLogError.malformedInput("trailing bytes after checkpoint") }
    }

    /// One byte for the common unmoved case, the exact Double bits otherwise.
    private static func write(_ offset: Offset, to w: inout BinaryWriter) {
        w.bool(offset != .zero)
        guard offset != .zero else { return }
        w.float64(offset.dx)
        w.float64(offset.dy)
    }

    private static func readOffset(_ r: inout BinaryReader) throws -> Offset {
        try r.bool() ? Offset(dx: try r.float64(), dy: try r.float64()) : .zero
    }

    private static func write(_ effect: ActionEffect, to w: inout BinaryWriter) {
        switch effect {
        case .addStroke(let id):
            w.byte(0)
            w.string(id)
        case .erase(let ids):
            w.byte(1)
            w.strings(ids)
        case .correction: w.byte(2)
        case .screen(let id):
            w.byte(3)
            w.string(id)
        case .rename(let id):
            w.byte(4)
            w.string(id)
        case .metadata(let change):
            w.byte(5)
            w.blob(EventPayload.metadataSet(change).binaryEncoded())
        case .move(let ids, let offset):
            w.byte(6)
            w.strings(ids)
            write(offset, to: &w)
        }
    }

    private static func readEffect(_ r: inout BinaryReader) throws -> ActionEffect {
        switch try r.byte() {
        case 0: return .addStroke(try r.string())
        case 1: return .erase(try r.strings())
        case 2: return .correction
        case 3: return .screen(try r.string())
        case 4: return .rename(try r.string())
        case 5:
            guard case .metadataSet(let change) = try EventPayload(binary: try r.blob()) else {
                throw StrokeLogError.malformedInput("checkpoint metadata action")
            }
            return .metadata(change)
        case 6: return .move(try r.strings(), try readOffset(&r))
        case let other: throw StrokeLogError.malformedInput("unknown checkpoint action \(other)")
        }
    }

    private static func write<Value>(
        _ register: Register<Value>, to w: inout BinaryWriter, _ value: (Value, inout BinaryWriter) -> Void
    ) {
        w.varint(UInt64(register.writes.count))
        for write in register.writes {
            w.int(write.seq)
            value(write.value, &w)
            w.bool(write.active)
        }
    }

    private static func readRegister<Value>(_ r: inout BinaryReader, _ value: (inout BinaryReader) throws -> Value)
        throws -> Register<Value>
    {
        var writes: [(seq: Int64, value: Value, active: Bool)] = []
        for _ in 0..<(try r.count()) {
            let seq = try r.int()
            writes.append((seq, try value(&r), try r.bool()))
        }
        return Register(writes: writes)
    }

    private static func write<Value>(
        _ registers: [String: Register<Value>], to w: inout BinaryWriter, _ value: (Value, inout BinaryWriter) -> Void
    ) {
        w.varint(UInt64(registers.count))
        for key in registers.keys.sorted() {
            w.string(key)
            write(registers[key]!, to: &w, value)
        }
    }

    private static func readRegisters<Value>(_ r: inout BinaryReader, _ value: (inout BinaryReader) throws -> Value)
        throws -> [String: Register<Value>]
    {
        var registers: [String: Register<Value>] = [:]
        for _ in 0..<(try r.count()) { registers[try r.string()] = try readRegister(&r, value) }
        return registers
    }
}
