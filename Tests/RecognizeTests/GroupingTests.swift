import Foundation
import SketchModel
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

    /// A tall box drawn slowly side by side, no side going on from where the one before ended:
    /// only the touching pass joins its bottom to the sides, which start far above it.
    func testATallBoxDrawnSlowlySideBySideIsOneGroup() {
        let sides: [(id: String, from: (Double, Double), to: (Double, Double))] = [
            ("left", (100, 100), (100, 400)), ("right", (140, 100), (140, 400)), ("top", (100, 100), (140, 100)),
            ("bottom", (140, 400), (100, 400)),
        ]
        var s = Sketch()
        for side in sides { s.line(side.id, side.from.0, side.from.1, side.to.0, side.to.1) }
        XCTAssertEqual(groups(s), [sides.map(\.id)])
    }

    /// The touching pass sweeps along the drawing's longer side: a golden screen and its mirror
    /// image across the diagonal (swept along the other axis: one by tops, the other by left
    /// edges) make the same groups: the axis the sweep takes changes no group.
    func testADrawingAndItsMirrorAcrossTheDiagonalMakeTheSameGroups() throws {
        for name in ["feed-bars", "flow-detail", "flow-main", "login-form", "settings-toggles"] {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "Fixtures/\(name).json")
            let strokes = try CanvasFile.parse(try Data(contentsOf: url)).strokes(onScreen: Screen.mainID)
            let mirrored = strokes.map { stroke in
                Stroke(id: stroke.id, points: stroke.points.map { StrokePoint(x: $0.y, y: $0.x, t: $0.t) })
            }
            let drawn = strokes.enumerated().map { Ink(stroke: $1, order: $0) }
            let mirror = mirrored.enumerated().map { Ink(stroke: $1, order: $0) }
            let extent = Rect.union(drawn.map(\.frame))!
            XCTAssertNotEqual(extent.height, extent.width, name)
            XCTAssertEqual(
                StrokeGrouper().group(drawn).map(\.strokeIDs), StrokeGrouper().group(mirror).map(\.strokeIDs), name)
        }
    }
}
