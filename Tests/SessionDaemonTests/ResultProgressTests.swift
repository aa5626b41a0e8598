import XCTest

@testable import SessionDaemon

/// The progress guarantee's rule: stale runs are cancelled only while the oldest uncovered
/// change is young, so changes faster than runs cannot keep every run from finishing.
final class ResultProgressTests: XCTestCase {
    func testChangesFasterThanRunsStopCancellingOnceTheOldestHasWaitedTheWindow() {
        var progress = ResultProgress()
        let step = ResultProgress.cancelWindow / 5
        var cancels: [Bool] = []
        for index in 0..<20 { cancels.append(progress.changed(seq: Int64(index + 1), now: Double(index) * step)) }
        XCTAssertEqual(cancels.prefix(5), [true, true, true, true, true])
        XCTAssertEqual(Set(cancels.dropFirst(5)), [false], "past the window every run is left to finish")
    }

    func testAPublishedResultRestartsTheWindowFromTheOldestChangeItDidNotCover() {
        var progress = ResultProgress()
        let window = ResultProgress.cancelWindow
        XCTAssertTrue(progress.changed(seq: 1, now: 0))
        XCTAssertTrue(progress.changed(seq: 2, now: window / 2))
        XCTAssertFalse(progress.changed(seq: 3, now: window * 1.5))
        _ = progress.published(seq: 2, now: window * 1.5, runSeconds: 0.1)
        XCTAssertTrue(
            progress.changed(seq: 4, now: window * 1.6), "seq 3 is the oldest uncovered change now, and young")
        XCTAssertFalse(progress.changed(seq: 5, now: window * 2.6), "seq 3 has waited the window")
        _ = progress.published(seq: 5, now: window * 2.7, runSeconds: 0.1)
        XCTAssertTrue(progress.changed(seq: 6, now: window * 3), "everything was covered: a fresh window")
    }

    func testAResultLaterThanTheWindowPlusTwoRecentRunsIsReportedLate() {
        var progress = ResultProgress()
        let window = ResultProgress.cancelWindow
        _ = progress.changed(seq: 1, now: 0)
        XCTAssertNil(
            progress.published(seq: 1, now: window + 0.19, runSeconds: 0.1), "within the window plus two runs of 0.1 s")
        _ = progress.changed(seq: 2, now: 10)
        let late = progress.published(seq: 2, now: 10 + window + 0.5, runSeconds: 0.2)
        XCTAssertEqual(late?.bound ?? 0, window + 0.4, accuracy: 1e-9)
        XCTAssertEqual(late?.waited ?? 0, window + 0.5, accuracy: 1e-9)
        XCTAssertNil(progress.published(seq: 2, now: 20, runSeconds: 0.1), "nothing uncovered: nothing late")
    }
}
