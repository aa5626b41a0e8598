import Foundation
import Recognize

/// Accuracy, per-class precision and recall, and the confusion matrix of a set of predictions.
public struct EvaluationReport: Sendable, Hashable {
    /// Class order of the matrix.
    public var classes: [PrimitiveClass]
    /// `confusion[truth][predicted]` counts.
    public var confusion: [[Int]]

    /// An empty report over `classes`.
    public init(classes: [PrimitiveClass]) {
        self.classes = classes
        confusion = [[Int]](repeating: [Int](repeating: 0, count: classes.count), count: classes.count)
    }

    /// Counts one prediction (clutter, `truth` nil, is not part of the matrix).
    public mutating func record(truth: PrimitiveClass?, predicted: PrimitiveClass) {
        guard let truth, let t = classes.firstIndex(of: truth), let p = classes.firstIndex(of: predicted) else {
            return
        }
        confusion[t][p] += 1
    }

    /// Number of predictions.
    public var total: Int { confusion.reduce(0) { $0 + $1.reduce(0, +) } }
    /// Correct predictions.
    public var correct: Int { classes.indices.reduce(0) { $0 + confusion[$1][$1] } }
    /// Top-1 accuracy (0 when empty).
    public var accuracy: Double { total > 0 ? Double(correct) / Double(total) : 0 }

    /// Precision of class `i` (nil when never predicted).
    public func precision(_ i: Int) -> Double? {
        let predicted = classes.indices.reduce(0) { $0 + confusion[$1][i] }
        return predicted > 0 ? Double(confusion[i][i]) / Double(predicted) : nil
    }

    /// Recall of class `i` (nil when absent from the truth).
    public func recall(_ i: Int) -> Double? {
        let actual = confusion[i].reduce(0, +)
        return actual > 0 ? Double(confusion[i][i]) / Double(actual) : nil
    }

    /// The most frequent off-diagonal cells, largest first.
    public func topConfusions(_ limit: Int) -> [(truth: PrimitiveClass, predicted: PrimitiveClass, count: Int)] {
        var cells: [(PrimitiveClass, PrimitiveClass, Int)] = []
        for t in classes.indices {
            for p in classes.indices where t != p && confusion[t][p] > 0 {
                cells.append((classes[t], classes[p], confusion[t][p]))
            }
        }
        return Array(
            cells.sorted {
                $0.2 != $1.2 ? $0.2 > $1.2 : ($0.0.rawValue, $0.1.rawValue) < ($1.0.rawValue, $1.1.rawValue)
            }
            .prefix(limit)
        ).map { (truth: $0.0, predicted: $0.1, count: $0.2) }
    }

    /// Human-readable text: accuracy, per-class table, top confusions and the matrix.
    public func formatted(title: String) -> String {
        let present = classes.indices.filter { confusion[$0].reduce(0, +) > 0 || precision($0) != nil }
        var lines = ["\(title): accuracy \(String(format: "%.2f%%", accuracy * 100)) (\(correct)/\(total))"]
        lines.append("  class              precision  recall   support")
        for i in present {
            let p = precision(i).map { String(format: "%6.2f%%", $0 * 100) } ?? "     - "
            let r = recall(i).map { String(format: "%6.2f%%", $0 * 100) } ?? "     - "
            lines.append(
                "  \(classes[i].rawValue.padding(toLength: 18, withPad: " ", startingAt: 0)) \(p)   \(r)  \(confusion[i].reduce(0, +))"
            )
        }
        let top = topConfusions(10)
        if !top.isEmpty {
            lines.append("  most frequent confusions (truth -> predicted):")
            for c in top { lines.append("    \(c.truth.rawValue) -> \(c.predicted.rawValue): \(c.count)") }
        }
        lines.append("  confusion matrix (rows truth, columns predicted, order as above):")
        for i in present {
            let row = present.map { String(format: "%4d", confusion[i][$0]) }.joined()
            lines.append("  \(classes[i].rawValue.prefix(10).padding(toLength: 10, withPad: " ", startingAt: 0))\(row)")
        }
        return lines.joined(separator: "\n")
    }
}
