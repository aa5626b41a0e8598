import StrokeLog
import XCTest
@testable import Recognize

final class GroupingTests: XCTestCase {
    private func groups(_ s: Sketch) -> [[String]] {
        StrokeGrouper().group(s.strokes.enumerated().map { Ink(stroke: $1, order: $0) }).map(\.strokeIDs)
    }

    func testOverlappingStrokesJoinAndDistantOnesDoNot() {
        var s = Sketch()
        s.line("a", 100, 100, 140, 140)
        s.line("b", 140, 100, 100, 140)
        s.line("far", 300, 500, 340, 540)
        XCTAssertEqual(groups(s), [["a", "b"], ["far"]])
    }

    func testARectangleDrawnInFourStrokesIsOneGroup() {
        var s = Sketch()
        s.line("top", 40, 100, 350, 101)
        s.line("right", 351, 100, 350, 150)
        s.line("bottom", 350, 151, 40, 150)
        s.line("left", 41, 150, 40, 100)
        XCTAssertEqual(groups(s), [["top", "right", "bottom", "left"]])
    }

    func testAContainerHoldsItsContentsInsteadOfMergingWithThem() {
        var s = Sketch()
        s.rect("box", 40, 300, 310, 48)
        s.squiggle("text", 150, 318, 90, quick: true)
        XCTAssertEqual(groups(s), [["box"], ["text"]])
    }

    func testStrokesDrawnInQuickSuccessionCloseTogetherJoin() {
        var s = Sketch()
        s.line("a", 100, 100, 130, 100)
        s.line("b", 100, 106, 130, 106, quick: true)
        XCTAssertEqual(groups(s), [["a", "b"]])
    }

    func testTheSameStrokesDrawnSlowlyStayApart() {
        var s = Sketch()
        s.line("a", 100, 100, 130, 100)
        s.line("b", 100, 106, 130, 106)
        XCTAssertEqual(groups(s), [["a"], ["b"]])
    }
}
