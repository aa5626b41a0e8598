import SketchModel
import StrokeLog
import XCTest

@testable import Recognize
@testable import RecognizeTraining

/// The layout keeps the drawing: margins, centred and trailing placement and gaps come back as
/// the same frames from ``LayoutFrameResolver``.
final class LayoutFrameTests: XCTestCase {
    private let screen = LayoutCheck.screen

    private func element(_ id: String, _ type: ElementType, _ x: Double, _ y: Double, _ w: Double, _ h: Double)
        -> Element
    {
        LayoutCheck.element(id, type, x, y, w, h)
    }

    private func layoutFrames(_ elements: [Element]) -> [String: Rect] { LayoutCheck.layoutFrames(elements) }

    private func assertClose(_ a: Rect?, _ b: Rect, file: StaticString = #filePath, line: UInt = #line) {
        LayoutCheck.assertClose(a, b, file: file, line: line)
    }

    func testLeadingMarginCentredImageAndTrailingLabelStayWhereDrawn() {
        let drawn = [
            element("title", .label, 40, 96, 120, 24),
            element("photo", .image, 144, 144, 104, 104),
            element("note", .label, 248, 272, 104, 24),
        ]
        let frames = layoutFrames(drawn)
        for element in drawn { assertClose(frames[element.id], element.frame) }
    }

    /// A label drawn nearer the trailing edge than the leading one is trailing with an inset, not
    /// pushed there by a wide leading indent.
    func testALabelNearTheTrailingEdgeIsInsetFromIt() throws {
        let drawn = [
            element("title", .label, 24, 96, 342, 30),
            element("note", .label, 262, 160, 80, 20),
        ]
        let frames = layoutFrames(drawn)
        for element in drawn { assertClose(frames[element.id], element.frame) }
        let layout = StackInference.layout(of: drawn, in: screen)
        guard case .vstack(let root) = layout, case .hstack(let row)? = root.children.last else {
            return XCTFail("\(layout)")
        }
        XCTAssertEqual(row.children, [.spacer(minLength: 0), .element(id: "note")])
        XCTAssertEqual(row.padding.leading, 0)
        XCTAssertEqual(row.padding.trailing, 24)
    }

    func testAWideGapKeepsItsHeightWithoutASpacer() {
        let drawn = [element("a", .label, 24, 96, 120, 24), element("b", .label, 24, 400, 120, 24)]
        let layout = StackInference.layout(of: drawn, in: screen)
        XCTAssertFalse(String(describing: layout).contains("spacer"), "\(layout)")
        let frames = LayoutFrameResolver(screen: screen).frames(drawn, layout: layout)
        for element in drawn { assertClose(frames[element.id], element.frame) }
    }

    func testFullWidthElementsStretchBetweenTheMargins() {
        let drawn = [element("field", .textField, 16, 200, 350, 40), element("go", .button, 16, 264, 358, 48)]
        let frames = layoutFrames(drawn)
        XCTAssertEqual(frames["field"]?.minX, 16)
        XCTAssertEqual(frames["field"]?.maxX, 374)
        assertClose(frames["go"], drawn[1].frame)
    }

    func testChildrenKeepTheirOffsetInsideTheirParent() {
        var card = element("card", .container, 40, 120, 200, 120)
        card.children = [element("inner", .label, 56, 136, 80, 16)]
        let frames = layoutFrames([card])
        assertClose(frames["card"], card.frame)
        assertClose(frames["inner"], card.children[0].frame)
    }

    func testAlignmentIsCentredWithinTheSlackElseTheNearerEdge() {
        let parent = Rect(x: 0, y: 0, width: 390, height: 844)
        XCTAssertEqual(HorizontalPlacement(of: Rect(x: 150, y: 0, width: 100, height: 10), in: parent), .center)
        XCTAssertEqual(HorizontalPlacement(of: Rect(x: 40, y: 0, width: 100, height: 10), in: parent), .leading)
        XCTAssertEqual(HorizontalPlacement(of: Rect(x: 260, y: 0, width: 100, height: 10), in: parent), .trailing)
    }

    func testSummaryTakesTheMedianIoUAndTheShareKept() {
        let box = Rect(x: 0, y: 0, width: 10, height: 10)
        let samples = [0.2, 0.9, 0.8].enumerated().map {
            LayoutFidelity.Sample(iou: $1, keepsAlignment: $0 != 0, type: .label, drawn: box, placed: box)
        }
        let summary = LayoutFidelity.Summary(samples)
        XCTAssertEqual(summary.medianIoU, 0.8)
        XCTAssertEqual(summary.alignmentKept, 2.0 / 3.0, accuracy: 1e-9)
        XCTAssertEqual(summary.elements, 3)
    }

    func testSummaryTakesTheCentreOffsetsMedianAndNinetiethPercentilePerType() {
        let drawn = Rect(x: 100, y: 100, width: 40, height: 20)
        let samples = (0...10).map { k in
            LayoutFidelity.Sample(
                iou: 1, keepsAlignment: true, type: k < 10 ? .toggle : .icon, drawn: drawn,
                placed: Rect(x: 100 + Double(k), y: 100, width: 40, height: 20))
        }
        let summary = LayoutFidelity.Summary(samples)
        XCTAssertEqual(summary.centreOffsetMedian, 5, accuracy: 1e-9)
        XCTAssertEqual(summary.centreOffsetP90, 9, accuracy: 1e-9)
        XCTAssertEqual(summary.byType["toggle"]?.elements, 10)
        XCTAssertEqual(summary.byType["toggle"]?.centreOffsetMedian ?? 0, 4.5, accuracy: 1e-9)
        XCTAssertEqual(summary.byType["icon"]?.centreOffsetP90 ?? 0, 10, accuracy: 1e-9)
    }

    func testBarItemsKeepTheirPlaceOnTheScreenWhenTheBarIsStretchedToIt() throws {
        var s = Sketch()
        s.rect("bar", 10, 36, 366, 54)
        s.icon("back", "back", 40, 63)
        s.squiggle("title", 150, 60, 90)
        s.icon("add", "plus", 340, 63)
        let bar = try XCTUnwrap(try s.recognize().elements.first)
        XCTAssertEqual(bar.type, .navigationBar)
        XCTAssertEqual(bar.layoutFrame?.width, 390)
        for item in bar.children {
            let placed = try XCTUnwrap(item.layoutFrame)
            XCTAssertEqual(placed.midX, item.frame.midX, accuracy: 0.5, "\(item.role ?? "")")
        }
    }

    func testPaddingsDownAColumnDoNotAddUpTheGridsRounding() throws {
        var s = Sketch()
        var y = 120.0
        for i in 0..<8 {
            s.squiggle("t\(i)", 30, y, 200 + Double(i % 3) * 40)
            y += i % 2 == 0 ? 43 : 53
        }
        let result = try s.recognize()
        let elements = result.allElements.filter { $0.type == .label }
        XCTAssertEqual(elements.count, 8)
        for element in elements {
            let placed = try XCTUnwrap(element.layoutFrame)
            XCTAssertLessThanOrEqual(abs(placed.midY - element.frame.midY), 6, element.id)
        }
    }
    /// A navigation bar drawn wider than the content is chrome: it does not set the column, so two
    /// buttons side by side start where they were drawn, not at the bar's edge.
    func testABarDrawnWiderThanTheContentDoesNotMoveTheColumn() {
        let drawn = [
            element("nav", .navigationBar, 3, 38, 375, 52),
            element("title", .label, 17, 124, 172, 18),
            element("cancel", .button, 17, 325, 171, 43),
            element("ok", .button, 202, 325, 171, 43),
        ]
        let frames = layoutFrames(drawn)
        for element in drawn.dropFirst() { assertClose(frames[element.id], element.frame) }
    }

    /// A wide control drawn centred on the screen stays centred when the column is not (nothing
    /// reaches the trailing margin), rather than filling the column off-centre.
    func testAWideCentredSliderStaysCentredInALopsidedColumn() throws {
        let drawn = [
            element("caption", .label, 24, 100, 100, 12),
            element("leading", .slider, 24, 160, 320, 28),
            element("centred", .slider, 46, 240, 298, 28),
        ]
        let frames = layoutFrames(drawn)
        let centred = try XCTUnwrap(frames["centred"])
        XCTAssertEqual(centred.midX, screen.midX, accuracy: 4, "\(centred)")
        assertClose(frames["leading"], drawn[1].frame)
    }

    /// Binning sizes keeps the edge a box was drawn against: two leading boxes keep their left edge.
    /// Filling layout frames in where the elements stand (a recognition's ids are unique) gives
    /// what looking each frame up by id gives, on screens with bars, lists and cards.
    func testFillingInPlaceAgreesWithFramesByID() throws {
        let pool = try VendoredData.doodlePool { DrawingSource.heldOut.keeps($0) }
        let recognizer = try Recognizer.shipped()
        for index in 0..<8 {
            let drawn = ScreenSynthesizer.make(index: index, seed: 7, pool: pool, wobble: 1.2, source: .heldOut)
            let result = try recognizer.recognize(screen: drawn.screen, strokes: drawn.strokes, corrections: [])
            let resolver = LayoutFrameResolver(
                screen: Rect(x: 0, y: 0, width: drawn.screen.width, height: drawn.screen.height))
            let moved = result.elements.map { element in
                var element = element
                element.layoutFrame = nil
                return element
            }
            var filled = moved
            resolver.fill(uniquelyIdentified: &filled, layout: result.layout)
            let byID = resolver.frames(moved, layout: result.layout)
            func check(_ element: Element) {
                XCTAssertEqual(element.layoutFrame, byID[element.id] ?? element.frame, "screen \(index), \(element.id)")
                element.children.forEach(check)
            }
            filled.forEach(check)
            XCTAssertEqual(filled, result.elements, "screen \(index)")
        }
    }

    func testSnappingASizeKeepsTheLeadingEdge() {
        let snapped = FrameSnapping.apply(
            [element("a", .button, 21, 100, 300, 44), element("b", .button, 23, 160, 312, 44)], in: screen)
        XCTAssertEqual(snapped.map(\.frame.minX), [24, 24])
        XCTAssertEqual(snapped[0].frame.width, snapped[1].frame.width, accuracy: LayoutSolver.grid)
    }
}
