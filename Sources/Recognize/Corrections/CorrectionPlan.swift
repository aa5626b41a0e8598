import SessionModel
import SketchModel

/// What a screen's corrections say, folded in seq order (newest wins per stroke).
///
/// - `ignore` removes strokes (`ignore(false)` takes it back);
/// - `split` makes each named stroke its own group;
/// - `merge` pins the named strokes as one group whose type the recognizer picks;
/// - `label` pins them as one group of the given type (confidence 1, `corrected`);
/// - `text` sets the text of the element the strokes form.
///
/// Pinned groups are taken out of automatic grouping, so a later stroke cannot undo them.
struct CorrectionPlan: Sendable {
    /// A group a person made.
    struct PinnedGroup: Sendable, Hashable {
        /// Its strokes (those still live), in the order the correction named them.
        var strokeIDs: [String]
        /// The type a `label` correction set, if any.
        var type: ElementType?
    }

    /// Strokes the recognizer skips.
    private(set) var ignored: Set<String> = []
    /// Strokes that each stand alone.
    private(set) var split: Set<String> = []
    /// Groups a person merged or labelled, oldest correction first.
    private(set) var pinned: [PinnedGroup] = []

    /// Every stroke of a pinned group.
    var pinnedStrokeIDs: Set<String> { Set(pinned.flatMap(\.strokeIDs)) }
    /// Typed texts, oldest first: the strokes named and the text.
    private(set) var texts: [(strokeIDs: [String], text: String)] = []

    /// Folds `corrections` (any order; sorted by seq here) over the live stroke ids.
    init(_ corrections: [Correction], liveStrokeIDs: Set<String>) {
        var owner: [String: Int64] = [:]  // stroke -> seq of the pinning correction
        var groups: [Int64: PinnedGroup] = [:]
        var splitSet = Set<String>()
        for correction in corrections.sorted(by: { $0.seq < $1.seq }) {
            let ids = correction.strokeIDs.filter(liveStrokeIDs.contains)
            guard !ids.isEmpty else { continue }
            switch correction.kind {
            case .ignore(let on):
                if on { ignored.formUnion(ids) } else { ignored.subtract(ids) }
            case .split:
                for id in ids { owner[id] = nil }
                splitSet.formUnion(ids)
            case .merge:
                pin(ids, type: nil, seq: correction.seq, owner: &owner, groups: &groups, split: &splitSet)
            case .label(let name):
                guard let type = ElementType(rawValue: name) else { continue }
                if let existing = owner[ids[0]], let group = groups[existing],
                    Set(ids) == Set(group.strokeIDs.filter { owner[$0] == existing })
                {
                    groups[existing]?.type = type
                } else {
                    pin(ids, type: type, seq: correction.seq, owner: &owner, groups: &groups, split: &splitSet)
                }
            case .text(let text):
                texts.append((ids, text))
            }
        }
        split = splitSet
        pinned = groups.keys.sorted().compactMap { seq in
            guard var group = groups[seq] else { return nil }
            group.strokeIDs = group.strokeIDs.filter { owner[$0] == seq }
            return group.strokeIDs.isEmpty ? nil : group
        }
    }

    private func pin(
        _ ids: [String], type: ElementType?, seq: Int64, owner: inout [String: Int64],
        groups: inout [Int64: PinnedGroup],
        split: inout Set<String>
    ) {
        for id in ids { owner[id] = seq }
        split.subtract(ids)
        groups[seq] = PinnedGroup(strokeIDs: ids, type: type)
    }
}
