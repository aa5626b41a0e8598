import XCTest

@testable import Recognize
@testable import RecognizeTraining

/// The handwriting side's measures and fits, on hand-built readings: edit distance, the word
/// evaluation's totals, the confidence's reliability table and its logistic fit, IAM-OnDB's
/// writer parts and word cuts.
final class HandwritingTrainingTests: XCTestCase {
    func testEditDistanceCountsCharacterEdits() {
        XCTAssertEqual(EditDistance.between("kitten", "sitting"), 3)
        XCTAssertEqual(EditDistance.between("flaw", "lawn"), 2)
        XCTAssertEqual(EditDistance.between("", "abc"), 3)
        XCTAssertEqual(EditDistance.between("abc", ""), 3)
        XCTAssertEqual(EditDistance.between("Sign in", "Sign in"), 0)
        XCTAssertEqual(EditDistance.between("Sign in", "sign in"), 1, "case counts")
        XCTAssertEqual(EditDistance.between("Log out", "Login"), EditDistance.between("Login", "Log out"))
    }

    func testTheSummaryScoresTheReaderAndThePipelineApart() {
        let outcomes = [
            outcome("Sign in", boxed: true, read: "sign in", pipelineText: "Sign in", pipelineType: "button"),
            outcome("Mia", boxed: false, read: "Mia", pipelineText: nil, pipelineType: "label"),
        ]
        let summary = WordEvaluation.Summary(outcomes)
        XCTAssertEqual(summary.words, 2)
        XCTAssertEqual(summary.readCaseBlind, 1)
        XCTAssertEqual(summary.readExact, 0.5)
        XCTAssertEqual(summary.readCER, 0)
        XCTAssertEqual(summary.pipelineCaseBlind, 0.5)
        XCTAssertEqual(summary.pipelineExact, 0.5)
        XCTAssertEqual(summary.pipelineCER, 0.3, accuracy: 1e-12, "three letters of ten missing")
        XCTAssertEqual(summary.rightType, 1, "a boxed word is a button, a bare one a label")

        let wrongType = WordEvaluation.Summary([
            outcome("Mia", boxed: true, read: nil, pipelineText: "Mia", pipelineType: "label")
        ])
        XCTAssertEqual(wrongType.rightType, 0)
        XCTAssertEqual(wrongType.readCER, 1, "nothing read: every letter is an edit")
        XCTAssertEqual(WordEvaluation.Summary([]).words, 0)
    }

    func testTheReliabilityTableBinsByTenthsAndLeavesEmptyBinsOut() {
        let bins = ConfidenceFit.reliability(
            [0.05, 0.15, 0.12, 0.1, 0.95, 1.0], right: [false, true, false, true, true, true])
        XCTAssertEqual(bins.map(\.range), ["0.0-0.1", "0.1-0.2", "0.9-1.0"])
        XCTAssertEqual(bins.map(\.readings), [1, 3, 2], "0.1 opens its tenth, 1.0 closes the last")
        XCTAssertEqual(bins[1].meanConfidence, 0.123, accuracy: 1e-12)
        XCTAssertEqual(bins[1].right, 0.667, accuracy: 1e-12)
        XCTAssertEqual(bins[2].meanConfidence, 0.975, accuracy: 1e-12)
        XCTAssertEqual(bins.map(\.right).first, 0)
    }

    func testTheFittedConfidenceRisesWithTheReadingsShare() {
        var evidence: [ReadingConfidence.Evidence] = []
        var right: [Bool] = []
        for i in 0..<40 {
            let share = (Double(i) + 0.5) / 40
            evidence.append(.init(share: share, fromWords: i % 2 == 0, perFrame: -0.2, letters: 3 + i % 4))
            right.append(i == 30 ? false : i == 6 ? true : share > 0.5)
        }
        let calibration = ConfidenceFit.fit(evidence, right: right)
        XCTAssertEqual(calibration, ConfidenceFit.fit(evidence, right: right), "the fit is deterministic")
        XCTAssertEqual(calibration.weights.count, evidence[0].features.count)
        XCTAssertGreaterThan(calibration.weights[0], 0, "a larger share of the beam means more often right")
        let confidence = ReadingConfidence(calibration)
        let sure = confidence.probability(.init(share: 0.95, fromWords: true, perFrame: -0.2, letters: 4))
        let unsure = confidence.probability(.init(share: 0.05, fromWords: true, perFrame: -0.2, letters: 4))
        XCTAssertGreaterThan(sure, 0.7)
        XCTAssertLessThan(unsure, 0.3)
    }

    func testIAMWritersPartsFollowTheirNumber() {
        XCTAssertEqual(IAMOnDBLine.Part(writer: "16"), .test)
        XCTAssertEqual(IAMOnDBLine.Part(writer: "w-17"), .validation)
        XCTAssertEqual(IAMOnDBLine.Part(writer: "a01-18"), .train)
        XCTAssertEqual(IAMOnDBLine.Part(writer: "unnumbered"), .test, "no number counts as writer 0")
    }

    func testALineIsCutIntoWordsOnlyWhereItsGapsSayClearly() throws {
        // "Sign in": S, i with its dot (one run), g; a wide gap; i, n. Written out of order.
        let s = stroke(0, 10)
        let i1 = stroke(12, 14)
        let dot = stroke(12.5, 13.5, y: -5)
        let g = stroke(16, 24)
        let i2 = stroke(50, 52)
        let n = stroke(54, 60)
        let line = IAMOnDBLine(id: "l1", writer: "3", text: "Sign in", strokes: [s, g, i1, i2, dot, n])
        let words = try XCTUnwrap(line.words())
        XCTAssertEqual(words.map(\.text), ["Sign", "in"])
        XCTAssertEqual(words[0].strokes, [s, g, i1, dot], "writing order is kept")
        XCTAssertEqual(words[1].strokes, [i2, n])

        let even = IAMOnDBLine(
            id: "l2", writer: "3", text: "a b", strokes: [stroke(0, 5), stroke(10, 15), stroke(20, 25)])
        XCTAssertNil(even.words(), "equal gaps do not say where the word ends")
        let short = IAMOnDBLine(id: "l3", writer: "3", text: "one two three", strokes: [stroke(0, 5), stroke(30, 35)])
        XCTAssertNil(short.words(), "fewer runs of ink than words")
    }

    private func stroke(_ minX: Double, _ maxX: Double, y: Double = 0) -> [Point2] {
        [Point2(minX, y), Point2((minX + maxX) / 2, y + 8), Point2(maxX, y)]
    }

    private func outcome(
        _ expected: String, boxed: Bool, read: String?, pipelineText: String?, pipelineType: String?
    ) -> WordEvaluation.Outcome {
        WordEvaluation.Outcome(
            writer: 1, expected: expected, boxed: boxed, read: read, pipelineText: pipelineText,
            pipelineType: pipelineType, confidence: nil, strokes: [])
    }
}
