/// Strokes grouped, with the boxes found to hold each of them, so the same strokes less some
/// (the handwriting taken out) are grouped again without searching every box once more.
struct StrokeGrouping {
    let grouper: StrokeGrouper
    let inks: [Ink]
    /// ``StrokeGrouper/holders(of:frames:)`` of `inks`.
    let holders: [[Int]]
    /// The groups of all of `inks`.
    let groups: [StrokeGroup]

    init(_ inks: [Ink], by grouper: StrokeGrouper) {
        self.grouper = grouper
        self.inks = inks
        holders = StrokeGrouper.holders(of: inks, frames: inks.map(\.frame))
        groups = grouper.group(inks, holders: holders)
    }

    /// The groups of the strokes whose ids are not in `left`, as ``StrokeGrouper/group(_:)``
    /// makes them. Whether a box holds a stroke depends on the two alone, so a kept stroke's
    /// holders are its holders that are kept, in the same order, renumbered.
    func groups(leavingOut left: Set<String>) -> [StrokeGroup] {
        guard !left.isEmpty else { return groups }
        var renumbered = [Int](repeating: -1, count: inks.count)
        var kept: [Ink] = []
        for index in inks.indices where !left.contains(inks[index].id) {
            renumbered[index] = kept.count
            kept.append(inks[index])
        }
        let keptHolders = inks.indices.filter { renumbered[$0] >= 0 }.map { index in
            holders[index].compactMap { renumbered[$0] >= 0 ? renumbered[$0] : nil }
        }
        return grouper.group(kept, holders: keptHolders)
    }
}
