import StrokeLog
import Synchronization

/// The measured strokes of earlier recognitions, so one more stroke measures one stroke.
///
/// Keyed by stroke id; a hit counts only when the stroke is equal to the one measured (ids are
/// reused across sessions), which costs a pointer comparison when it shares the logged points.
/// Bounded: when full it starts over.
final class InkCache: Sendable {
    private let entries = Mutex<[String: (stroke: Stroke, ink: Ink)]>([:])
    /// Most strokes kept.
    let capacity: Int

    init(capacity: Int = 50_000) { self.capacity = capacity }

    /// `strokes` measured, in drawing order.
    func inks(_ strokes: [Stroke]) -> [Ink] {
        var misses: [Int] = []
        var inks: [Ink?] = entries.withLock { table in
            strokes.enumerated().map { order, stroke in
                guard let hit = table[stroke.id], hit.stroke == stroke else {
                    misses.append(order)
                    return nil
                }
                return hit.ink.order == order ? hit.ink : hit.ink.at(order: order)
            }
        }
        guard !misses.isEmpty else { return inks.map { $0! } }
        for order in misses { inks[order] = Ink(stroke: strokes[order], order: order) }
        entries.withLock { table in
            if table.count + misses.count > capacity { table.removeAll(keepingCapacity: true) }
            for order in misses { table[strokes[order].id] = (strokes[order], inks[order]!) }
        }
        return inks.map { $0! }
    }
}
