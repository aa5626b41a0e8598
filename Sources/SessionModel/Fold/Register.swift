/// A last-writer-wins value whose writes can be switched off and on again by undo and redo.
///
/// Writes arrive in seq order. The value is that of the newest write that is still active.
struct Register<Value: Hashable & Sendable>: Hashable, Sendable {
    /// Every write in seq order, active or not.
    private(set) var writes: [(seq: Int64, value: Value, active: Bool)] = []

    /// An empty register.
    init() {}

    /// A register holding exactly `writes` (restored from a checkpoint).
    init(writes: [(seq: Int64, value: Value, active: Bool)]) { self.writes = writes }

    /// The newest active value, if any.
    var value: Value? { writes.last(where: \.active)?.value }

    /// Records a write at `seq`.
    mutating func write(_ value: Value, at seq: Int64) {
        writes.append((seq, value, true))
    }

    /// Switches the write made at `seq` on or off; unknown seqs are ignored.
    mutating func setActive(_ active: Bool, at seq: Int64) {
        guard let index = writes.lastIndex(where: { $0.seq == seq }) else { return }
        writes[index].active = active
    }

    static func == (lhs: Register, rhs: Register) -> Bool {
        lhs.writes.elementsEqual(rhs.writes) { $0.seq == $1.seq && $0.value == $1.value && $0.active == $1.active }
    }

    func hash(into hasher: inout Hasher) {
        for write in writes {
            hasher.combine(write.seq)
            hasher.combine(write.value)
            hasher.combine(write.active)
        }
    }
}
