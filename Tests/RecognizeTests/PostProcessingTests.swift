import SketchModel
import StrokeLog
import XCTest

@testable import Recognize

final class PostProcessingTests: XCTestCase {
    private let bands = ScreenBands(canvas: Rect(x: 0, y: 0, width: 390, height: 844))

    private func element(_ id: String, _ type: ElementType, _ r: Rect, _ confidence: Double, children: [Element] = [])
        -> Element
    {
        Element(id: id, type: type, frame: r, confidence: confidence, strokeIds: [id], children: children)
    }

    func testDetectionsOverlappingByMoreThan85PercentMergeKeepingTheMostConfidentLabel() {
        let a = element("a", .button, Rect(x: 40, y: 300, width: 310, height: 48), 0.6)
        let b = element("b", .label, Rect(x: 42, y: 302, width: 310, height: 48), 0.9)
        let merged = OverlapMerge.apply([a, b])
        XCTAssertEqual(merged.count, 1)
        XCTAssertEqual(merged[0].type, .label)
        XCTAssertEqual(merged[0].frame, Rect(x: 40, y: 300, width: 312, height: 50))
        XCTAssertEqual(Set(merged[0].strokeIds), ["a", "b"])
    }

    func testNestedElementsOfDifferentSizesDoNotMerge() {
        let card = element("card", .container, Rect(x: 16, y: 200, width: 358, height: 200), 0.8)
        let image = element("img", .image, Rect(x: 28, y: 212, width: 334, height: 120), 0.9)
        XCTAssertEqual(OverlapMerge.apply([card, image]).count, 2)
    }

    func testExtraNavigationBarsMergeIntoTheMostConfidentOne() {
        let a = element("a", .navigationBar, Rect(x: 0, y: 40, width: 200, height: 50), 0.7)
        let b = element("b", .navigationBar, Rect(x: 190, y: 40, width: 200, height: 50), 0.9)
        let roots = SingleBars.apply([a, b])
        XCTAssertEqual(roots.count, 1)
        XCTAssertEqual(roots[0].id, "b")
        XCTAssertEqual(roots[0].frame, Rect(x: 0, y: 40, width: 390, height: 50))
    }

    func testABarOutOfPlaceBecomesAContainer() {
        let middle = element("m", .navigationBar, Rect(x: 0, y: 400, width: 390, height: 50), 0.9)
        let narrowTab = element("t", .tabBar, Rect(x: 100, y: 780, width: 100, height: 50), 0.9)
        let fixed = BarPlacement(bands: bands).apply([middle, narrowTab])
        XCTAssertEqual(fixed.map(\.type), [.container, .container])
    }

    func testLookAlikesSuppressEachOtherOnlyAboveIoU08() {
        let button = element("b", .button, Rect(x: 40, y: 300, width: 300, height: 48), 0.9)
        let field = element("f", .textField, Rect(x: 40, y: 300, width: 300, height: 56), 0.5)  // IoU 0.857
        XCTAssertEqual(LookAlikes.apply([button, field]).map(\.type), [.button])
        let lowOverlap = element("f", .textField, Rect(x: 40, y: 300, width: 300, height: 70), 0.5)  // IoU 0.69
        XCTAssertEqual(LookAlikes.apply([button, lowOverlap]).count, 2)
    }

    func testDifferentKindsAtHighOverlapBothSurvive() {
        let toggle = element("t", .toggle, Rect(x: 300, y: 300, width: 50, height: 28), 0.9)
        let label = element("l", .label, Rect(x: 300, y: 300, width: 50, height: 30), 0.5)
        XCTAssertEqual(LookAlikes.apply([toggle, label]).count, 2)
    }

    func testAnElement85PercentInsideAContainerBecomesItsChild() {
        let card = element("card", .container, Rect(x: 16, y: 200, width: 358, height: 200), 0.8)
        let label = element("l", .label, Rect(x: 30, y: 380, width: 100, height: 30), 0.9)  // 2/3 inside
        let inner = element("i", .label, Rect(x: 30, y: 300, width: 100, height: 20), 0.9)
        let roots = Containment.apply([card, label, inner])
        XCTAssertEqual(roots.map(\.id), ["card", "l"])
        XCTAssertEqual(roots[0].children.map(\.id), ["i"])
    }

    /// A card inside a panel, a label in each, listed so the card is taken in after its label:
    /// every root ends up in the smallest holder around it, the card with its label in the panel.
    func testNestedContainersTakeInWhatTheyHoldOneAfterAnother() {
        let inCard = element("inCard", .label, Rect(x: 40, y: 240, width: 100, height: 20), 0.9)
        let panel = element("panel", .container, Rect(x: 16, y: 100, width: 358, height: 500), 0.8)
        let card = element("card", .container, Rect(x: 24, y: 200, width: 300, height: 120), 0.8)
        let inPanel = element("inPanel", .label, Rect(x: 40, y: 140, width: 100, height: 20), 0.9)
        let roots = Containment.apply([inCard, panel, card, inPanel])
        XCTAssertEqual(roots.map(\.id), ["panel"])
        XCTAssertEqual(roots[0].children.map(\.id), ["inPanel", "card"])
        XCTAssertEqual(roots[0].children[1].children.map(\.id), ["inCard"])
        XCTAssertEqual(roots[0].strokeIds, ["panel", "card", "inCard", "inPanel"])
    }

    func testElementsBelowTheirClassThresholdAreDroppedUnlessCorrected() {
        var corrected = element("c", .icon, Rect(x: 0, y: 0, width: 20, height: 20), 0.1)
        corrected.corrected = true
        let weak = element("w", .icon, Rect(x: 40, y: 0, width: 20, height: 20), 0.2)
        let strong = element("s", .icon, Rect(x: 80, y: 0, width: 20, height: 20), 0.8)
        XCTAssertEqual(Thresholds.apply([corrected, weak, strong]).map(\.id), ["c", "s"])
    }
}
