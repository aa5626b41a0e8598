import Foundation
import Recognize

/// Two classifiers side by side on the same drawings, class by class: what a team reads before
/// it deploys a retrained model (`sketchctl evaluate --model A --against B`).
public enum ModelComparison {
    /// A table of accuracy and per-class recall of `a` and `b` (named `names`) on one set, with
    /// the change from `a` to `b`; classes absent from the set are left out.
    public static func table(_ a: EvaluationReport, _ b: EvaluationReport, names: (String, String), title: String)
        -> String
    {
        func percent(_ value: Double?) -> String { value.map { String(format: "%6.2f%%", $0 * 100) } ?? "     - " }
        func change(_ from: Double?, _ to: Double?) -> String {
            guard let from, let to else { return "" }
            return String(format: "%+6.2f", (to - from) * 100)
        }
        let width = max(names.0.count, names.1.count, 8)
        func column(_ text: String) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        var lines = ["\(title): \(a.total) drawings"]
        lines.append(
            "  \(column("class").padding(toLength: 18, withPad: " ", startingAt: 0)) \(column(names.0))  \(column(names.1))  change"
        )
        lines.append(
            "  \("accuracy".padding(toLength: 18, withPad: " ", startingAt: 0)) \(column(percent(a.accuracy)))  \(column(percent(b.accuracy)))  \(change(a.accuracy, b.accuracy))"
        )
        for (i, cls) in a.classes.enumerated() where a.confusion[i].reduce(0, +) > 0 {
            let j = b.classes.firstIndex(of: cls)
            let recallB = j.flatMap { b.recall($0) }
            lines.append(
                "  \(cls.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0)) \(column(percent(a.recall(i))))  \(column(percent(recallB)))  \(change(a.recall(i), recallB))   (\(a.confusion[i].reduce(0, +)))"
            )
        }
        return lines.joined(separator: "\n")
    }
}
