import StrokeLog
import Synchronization

/// Whole-screen results by their input, so going back to a state already seen (undo, redo, a
/// replay) costs a lookup.
///
/// The key hashes the strokes' fingerprints and compares the strokes themselves, so two inputs
/// share a result only when they are equal. Bounded in two generations: when the newer one is
/// full it becomes the older one and the oldest results go; a hit in the older one moves up.
final class ScreenResultCache: Sendable {
    /// What a screen's recognition depends on: the screen, its live strokes in drawing order and
    /// its active corrections.
    struct Input: Hashable, Sendable {
        let screen: Screen
        let strokes: [Stroke]
        let corrections: [Correction]
        /// The strokes' fingerprints (``Ink/fingerprint``), for a hash that reads no point.
        let fingerprints: [UInt64]

        func hash(into hasher: inout Hasher) {
            hasher.combine(screen)
            hasher.combine(fingerprints)
            hasher.combine(corrections)
        }

        static func == (a: Input, b: Input) -> Bool {
            a.fingerprints == b.fingerprints && a.screen == b.screen && a.corrections == b.corrections && a.strokes == b.strokes
        }
    }

    private struct Generations {
        var newer: [Input: ScreenRecognition] = [:]
        var older: [Input: ScreenRecognition] = [:]
    }

    private let generations = Mutex(Generations())
    /// Results per generation (at most twice this many are kept).
    let capacity: Int

    init(capacity: Int = 256) { self.capacity = capacity }

    /// The result of `input` when it was recognised before.
    func result(for input: Input) -> ScreenRecognition? {
        generations.withLock { g in
            if let hit = g.newer[input] { return hit }
            guard let hit = g.older.removeValue(forKey: input) else { return nil }
            Self.insert(hit, for: input, into: &g, capacity: capacity)
            return hit
        }
    }

    /// Keeps `result` as the recognition of `input`.
    func keep(_ result: ScreenRecognition, for input: Input) {
        generations.withLock { Self.insert(result, for: input, into: &$0, capacity: capacity) }
    }

    private static func insert(_ result: ScreenRecognition, for input: Input, into g: inout Generations, capacity: Int) {
        if g.newer.count >= capacity {
            g.older = g.newer
            g.newer = [:]
        }
        g.newer[input] = result
    }
}
