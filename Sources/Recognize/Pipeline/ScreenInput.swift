import SessionModel

/// What a screen's recognition depends on: the screen, its live strokes in drawing order and
/// its active corrections; the key of the whole-screen result cache (``PipelineCaches/results``),
/// so going back to a state already seen (undo, redo, a replay) costs a lookup.
///
/// It hashes the strokes' fingerprints and compares the strokes themselves, so two inputs share
/// a result only when they are equal (a pointer comparison when they share the logged points).
struct ScreenInput: Hashable, Sendable {
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

    static func == (a: ScreenInput, b: ScreenInput) -> Bool {
        a.fingerprints == b.fingerprints && a.screen == b.screen && a.corrections == b.corrections
            && a.strokes == b.strokes
    }
}
