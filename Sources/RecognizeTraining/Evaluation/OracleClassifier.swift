import Recognize
import SessionModel
import SketchModel

/// A classifier that knows what every stroke of a synthetic screen was drawn as.
///
/// Diagnostic only: evaluating with it measures grouping, composition, post-processing and layout
/// as if the learned classifier were perfect (`ScreenEvaluationTests`), which separates pipeline
/// errors from classifier errors. It is never used for shipped results.
public struct OracleClassifier: GroupClassifying {
    private let strokeTags: [String: String]
    private let wholeTags: [String: String]
    private let ids: [[StrokePoint]: String]

    /// An oracle for one generated screen.
    public init(_ screen: SyntheticScreen) {
        strokeTags = screen.strokeTags
        wholeTags = screen.wholeTags
        ids = Dictionary(screen.strokes.map { ($0.points, $0.id) }, uniquingKeysWith: { a, _ in a })
    }

    public func classify(_ strokes: [[StrokePoint]], frame: Rect) -> GroupLabel {
        let strokeIDs = strokes.compactMap { ids[$0] }
        guard !strokeIDs.isEmpty else { return GroupLabel(ranked: [], isUnknown: true) }
        if let whole = wholeTags[strokeIDs.sorted().joined(separator: ",")] { return Self.sure(whole) }
        var votes: [String: Int] = [:]
        for id in strokeIDs { votes[strokeTags[id] ?? "unknown", default: 0] += 1 }
        let best =
            strokeIDs.compactMap { strokeTags[$0] }.max { votes[$0, default: 0] < votes[$1, default: 0] } ?? "unknown"
        return best == "unknown" ? GroupLabel(ranked: [], isUnknown: true) : Self.sure(best)
    }

    private static func sure(_ label: String) -> GroupLabel {
        GroupLabel(ranked: [LabelScore(label: label, probability: 0.95)])
    }
}
