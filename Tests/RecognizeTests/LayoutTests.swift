import SketchModel
import StrokeLog
import XCTest

@testable import Recognize

final class LayoutTests: XCTestCase {
    private func element(_ id: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Element {
        Element(id: id, type: .label, frame: Rect(x: x, y: y, width: w, height: h), confidence: 1, strokeIds: [id])
    }

    /// A settings-like screen: title, three rows of (label, toggle), a button.
    private var rows: [Element] {
        [element("title", 24, 100, 150, 20)]
            + (0..<3).flatMap { i in
                [
                    element("l\(i)", 24, 160 + Double(i) * 56, 140, 14),
                    element("t\(i)", 310, 153 + Double(i) * 56, 52, 28),
                ]
            }
            + [element("go", 24, 400, 342, 48)]
    }

    func testRowsBecomeAVStackOfHStacks() {
        let tree = StackInference.simplest(rows)
        XCTAssertEqual(tree?.signature, "V(title,H(l0,t0),H(l1,t1),H(l2,t2),go)")
    }

    func testXYCutAndGreedyAgreeOnCleanRows() {
        XCTAssertEqual(StackInference.xyCut(rows)?.signature, StackInference.simplest(rows)?.signature)
    }

    func testTheSimplerTreeWins() {
        // Two columns of three: columns first needs 3 stacks, rows first needs 4.
        let grid = (0..<3).flatMap { i in
            [element("a\(i)", 20, 100 + Double(i) * 60, 150, 40), element("b\(i)", 220, 110 + Double(i) * 60, 150, 40)]
        }
        XCTAssertEqual(StackInference.xyCut(grid)?.stackCount, 4)
        XCTAssertEqual(StackInference.simplest(grid)?.signature, "H(V(a0,a1,a2),V(b0,b1,b2))")
    }

    func testOverlappingElementsGoInAZStack() {
        let tree = StackInference.simplest([element("big", 20, 100, 300, 200), element("small", 200, 250, 150, 100)])
        XCTAssertEqual(tree?.signature, "Z(big,small)")
    }

    func testBigGapsKeepTheirSizeAndPaddingSitsOnTheGrid() {
        let layout = LayoutSolver().screen(
            StackInference.simplest(rows), canvas: Rect(x: 0, y: 0, width: 390, height: 844))
        guard case .vstack(let root) = layout else { return XCTFail("root is not a VStack") }
        XCTAssertEqual(root.padding.top, 104)
        XCTAssertEqual(root.padding.leading, 24)
        XCTAssertEqual(root.padding.trailing, 24)
        XCTAssertFalse(
            root.children.contains { if case .spacer = $0 { true } else { false } },
            "no spacer the drawing does not call for")
        guard case .vstack(let gap) = root.children.last else {
            return XCTFail("the wide gap before the button is not kept")
        }
        XCTAssertEqual(gap.padding.top, LayoutSolver.snap(400 - 293 - root.spacing))
        guard case .hstack(let row) = root.children[1] else { return XCTFail("row is not an HStack") }
        XCTAssertTrue(row.children.contains(.spacer(minLength: row.spacing)), "label and toggle are pushed apart")
        XCTAssertEqual(root.spacing.truncatingRemainder(dividingBy: 8), 0)
    }

    func testTheTreeIsTheSameOnAWiderAndANarrowerScreen() {
        let base = StackInference.simplest(rows)!.signature
        for scale in [0.85, 1.1, 1.3] {
            let scaled = rows.map {
                element($0.id, $0.frame.x * scale, $0.frame.y, $0.frame.width * scale, $0.frame.height)
            }
            XCTAssertEqual(StackInference.simplest(scaled)?.signature, base, "scale \(scale)")
        }
    }

    func testReadingOrderIsBandsTopToBottomThenLeftToRight() {
        XCTAssertEqual(ReadingOrder.of(rows.reversed()), ["title", "l0", "t0", "l1", "t1", "l2", "t2", "go"])
    }

    func testReadingOrderEntersBarsButNotButtons() {
        let label = element("cap", 150, 60, 90, 10)
        let bar = Element(
            id: "bar", type: .navigationBar, frame: Rect(x: 0, y: 40, width: 390, height: 50), confidence: 1,
            strokeIds: [], children: [label])
        let button = Element(
            id: "btn", type: .button, frame: Rect(x: 40, y: 300, width: 300, height: 48), confidence: 1, strokeIds: [],
            children: [element("t", 150, 320, 50, 10)])
        XCTAssertEqual(ReadingOrder.of([button, bar]), ["bar", "cap", "btn"])
    }

    func testSimilarSizesSnapToTheirAverageOnTheGrid() {
        let snapped = FrameSnapping.apply(
            [element("a", 21, 100, 300, 44), element("b", 23, 160, 310, 47)],
            in: Rect(x: 0, y: 0, width: 390, height: 844))
        XCTAssertEqual(snapped[0].frame.width, snapped[1].frame.width)
        for e in snapped { XCTAssertEqual(e.frame.minX.truncatingRemainder(dividingBy: 8), 0) }
    }
}
