import Recognize
import RecognizeTraining
import XCTest

/// Two models' reports side by side: accuracy and each present class's recall, with the change.
final class ModelComparisonTests: XCTestCase {
    func testTheTableShowsEachClassAndTheChange() {
        var shipped = EvaluationReport(classes: [.checkbox, .cancel, .star])
        var retrained = EvaluationReport(classes: [.star, .checkbox, .cancel])
        for _ in 0..<4 { shipped.record(truth: .checkbox, predicted: .cancel) }
        for _ in 0..<4 { retrained.record(truth: .checkbox, predicted: .checkbox) }
        shipped.record(truth: .cancel, predicted: .cancel)
        retrained.record(truth: .cancel, predicted: .cancel)
        let table = ModelComparison.table(
            shipped, retrained, names: ("shipped", "retrained.skcl"), title: "Corrections")
        let lines = table.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("Corrections: 5 drawings"), table)
        XCTAssertTrue(
            lines.contains {
                $0.contains("accuracy") && $0.contains("20.00%") && $0.contains("100.00%") && $0.contains("+80.00")
            }, table)
        XCTAssertTrue(
            lines.contains { $0.contains("checkbox") && $0.contains("0.00%") && $0.contains("+100.00") }, table)
        XCTAssertFalse(lines.contains { $0.contains("star") }, "a class absent from the set is left out")
    }
}
