import SketchModel
import XCTest

@testable import Recognize

/// Elements drawn nearly as wide as the content column (lists whose rows end at a trailing
/// control, paragraphs) stay where they were drawn, and so do the controls in their rows.
final class WideLayoutTests: XCTestCase {
    /// A list of rows with a label and a trailing switch, drawn under a full-width search field
    /// and across 90% of the column: its switches end where they were drawn, not at the column's edge.
    private func searchScreen(listMinX: Double, listMaxX: Double) -> [Element] {
        var list = LayoutCheck.element("list", .list, listMinX, 184, listMaxX - listMinX, 104)
        list.children = (0..<2).map { i in
            let y = 184 + Double(i) * 64
            var row = LayoutCheck.element("row\(i)", .container, listMinX, y, listMaxX - listMinX, 40)
            row.role = "row"
            row.children = [
                LayoutCheck.element("label\(i)", .label, listMinX, y + 12, 120, 16),
                LayoutCheck.element("toggle\(i)", .toggle, listMaxX - 56, y + 4, 56, 32),
            ]
            return row
        }
        return [LayoutCheck.element("search", .textField, 24, 112, 342, 40), list]
    }

    func testAListDrawnAcrossMostOfTheColumnKeepsItsTrailingControlsWhereDrawn() {
        let drawn = searchScreen(listMinX: 24, listMaxX: 334)
        let frames = LayoutCheck.layoutFrames(drawn)
        LayoutCheck.assertClose(frames["list"], drawn[1].frame)
        for row in drawn[1].children {
            for item in row.children { LayoutCheck.assertClose(frames[item.id], item.frame) }
        }
    }

    /// Nearly as wide as the column and 7 pt off the screen's centre: its gaps to the column's
    /// sides differ by 14 pt, so it is leading with a trailing gap, not centred filling the column.
    func testAWideElementLeaningToOneSideIsNotCentred() {
        let drawn = searchScreen(listMinX: 32, listMaxX: 344)
        let frames = LayoutCheck.layoutFrames([LayoutCheck.element("search", .textField, 32, 112, 326, 40), drawn[1]])
        LayoutCheck.assertClose(frames["list"], drawn[1].frame)
    }

    /// Across 80% of the screen (so it fills, by ``WidthRule``) but under 90% of a wide column:
    /// it keeps its trailing gap rather than filling the column.
    func testAnElementAcrossMostOfTheScreenKeepsItsTrailingGap() {
        let drawn = searchScreen(listMinX: 16, listMaxX: 336)
        let frames = LayoutCheck.layoutFrames([LayoutCheck.element("search", .textField, 16, 112, 358, 40), drawn[1]])
        LayoutCheck.assertClose(frames["list"], drawn[1].frame)
    }

    /// A list's width is not averaged with a field 30 pt wider: two sizes that far apart were drawn
    /// apart on purpose.
    func testSnappingDoesNotBinSizesDrawnFarApart() {
        let drawn = [
            LayoutCheck.element("field", .textField, 28, 100, 334, 40),
            LayoutCheck.element("list", .list, 28, 180, 304, 140),
        ]
        let snapped = FrameSnapping.apply(drawn, in: LayoutCheck.screen)
        XCTAssertEqual(snapped[1].frame.width, 304, accuracy: LayoutSolver.grid)
        XCTAssertEqual(snapped[0].frame.width, 334, accuracy: LayoutSolver.grid)
    }

    /// Bars are stretched to the screen anyway: their widths are not averaged into the content's.
    func testSnappingDoesNotBinBarsWithTheContent() {
        let drawn = [
            LayoutCheck.element("nav", .navigationBar, 2, 32, 383, 60),
            LayoutCheck.element("list", .list, 13, 112, 362, 560),
            LayoutCheck.element("tabs", .tabBar, 6, 776, 378, 56),
        ]
        let snapped = FrameSnapping.apply(drawn, in: LayoutCheck.screen)
        XCTAssertEqual(snapped[1].frame.width, 362, accuracy: LayoutSolver.grid / 2)
    }

    /// Drawn 10.6 pt left of the screen's centre, rounding both edges to the grid would carry it to
    /// 7 pt: it is moved a grid step back, so it is still leading.
    func testSnappingKeepsTheSideABoxWasDrawnAgainst() {
        let drawn = LayoutCheck.element("list", .list, 28.5, 180, 311.75, 148)
        let snapped = FrameSnapping.apply([drawn], in: LayoutCheck.screen)[0].frame
        XCTAssertEqual(HorizontalPlacement(of: drawn.frame, in: LayoutCheck.screen), .leading)
        XCTAssertEqual(HorizontalPlacement(of: snapped, in: LayoutCheck.screen), .leading, "\(snapped)")
    }

    /// A picture drawn 11 and 12 pt inside the sides of its card (held-out seed 8's cards):
    /// rounding each edge to the grid put it 8 pt from one side and 16 pt from the other, 4 pt off
    /// its centre; its insets stay equal, on the grid.
    func testSnappingKeepsAChildDrawnCentredCentred() {
        var card = LayoutCheck.element("card", .container, 24, 126, 343, 175)
        card.children = [LayoutCheck.element("picture", .image, 35, 138, 320, 115)]
        let snapped = FrameSnapping.apply([card], in: LayoutCheck.screen)[0]
        let picture = snapped.children[0].frame
        XCTAssertEqual(
            picture.minX - snapped.frame.minX, snapped.frame.maxX - picture.maxX, "\(picture) in \(snapped.frame)")
        XCTAssertEqual(picture.midX, card.children[0].frame.midX, accuracy: 1)
    }
}
