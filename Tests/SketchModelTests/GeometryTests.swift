import SketchModel
import XCTest

/// Rect's geometry (the recognizer's containment and overlap tests rest on it) and WidthRule's
/// choice of which elements the code makes full width.
final class GeometryTests: XCTestCase {
    private let square = Rect(x: 0, y: 0, width: 10, height: 10)

    func testUnionIntersectionAndIoUOfOverlappingRects() throws {
        let shifted = Rect(x: 5, y: 5, width: 10, height: 10)
        XCTAssertEqual(square.union(shifted), Rect(x: 0, y: 0, width: 15, height: 15))
        XCTAssertEqual(square.intersection(shifted), Rect(x: 5, y: 5, width: 5, height: 5))
        XCTAssertEqual(square.iou(shifted), 25.0 / 175.0, accuracy: 1e-12)
        XCTAssertEqual(square.iou(square), 1)
        XCTAssertEqual(shifted.fractionInside(square), 0.25, accuracy: 1e-12)
        XCTAssertEqual(Rect(x: 2, y: 2, width: 4, height: 4).fractionInside(square), 1)
    }

    func testDisjointAndTouchingRectsDoNotOverlap() {
        let apart = Rect(x: 20, y: 0, width: 5, height: 5)
        XCTAssertNil(square.intersection(apart))
        XCTAssertEqual(square.iou(apart), 0)
        XCTAssertEqual(apart.fractionInside(square), 0)
        let touching = Rect(x: 10, y: 0, width: 5, height: 10)
        XCTAssertEqual(square.intersection(touching), Rect(x: 10, y: 0, width: 0, height: 10))
        XCTAssertEqual(square.iou(touching), 0, "a shared edge has no area")
    }

    func testAnEmptyRectIsInsideWhenItsCentreIs() {
        XCTAssertEqual(Rect(x: 3, y: 3, width: 0, height: 0).fractionInside(square), 1)
        XCTAssertEqual(Rect(x: 30, y: 3, width: 0, height: 0).fractionInside(square), 0)
        XCTAssertEqual(Rect(minX: 5, minY: 0, maxX: 2, maxY: 4).area, 0, "a reversed rect has no area")
        XCTAssertTrue(square.contains(x: 10, y: 10), "the edge is inside")
        XCTAssertFalse(square.contains(x: 10.01, y: 5))
    }

    func testWidthRuleMeasuresAgainstTheScreenAndTheContentColumn() {
        let padded = LayoutNode.vstack(
            .init(
                spacing: 8, alignment: "leading",
                padding: .init(top: 16, leading: 20, bottom: 0, trailing: 30), children: []))
        let rule = WidthRule(screenWidth: 390, layout: padded)
        XCTAssertEqual(rule.columnWidth, 340)
        XCTAssertTrue(rule.fillsWidth(element(.button, width: 313)), "over 80% of the screen")
        XCTAssertTrue(rule.fillsWidth(element(.button, width: 307)), "over 90% of the column")
        XCTAssertFalse(rule.fillsWidth(element(.button, width: 300)))

        let unpadded = WidthRule(screenWidth: 390, layout: .element(id: "e1"))
        XCTAssertEqual(unpadded.columnWidth, 390)
        XCTAssertFalse(unpadded.fillsWidth(element(.button, width: 311)))
        XCTAssertTrue(unpadded.fillsWidth(element(.button, width: 313)))
    }

    func testOnlyNarrowStretchingControlsAndCardsArePinned() {
        let rule = WidthRule(screenWidth: 390, layout: .spacer(minLength: 0))
        XCTAssertEqual(rule.pinnedWidth(of: element(.textField, width: 200)), 200)
        XCTAssertEqual(rule.pinnedWidth(of: element(.container, width: 180)), 180)
        XCTAssertNil(rule.pinnedWidth(of: element(.textField, width: 380)), "it fills its stack")
        XCTAssertNil(rule.pinnedWidth(of: element(.label, width: 200)), "a label does not stretch")
        XCTAssertFalse(WidthRule.shrinks(.toggle))
        XCTAssertTrue(WidthRule.shrinks(.label))
    }

    private func element(_ type: ElementType, width: Double) -> Element {
        Element(
            id: "e-\(type.rawValue)", type: type, frame: Rect(x: 0, y: 100, width: width, height: 44),
            confidence: 0.9, strokeIds: ["s1"])
    }
}
