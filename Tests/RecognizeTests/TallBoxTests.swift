import SketchModel
import XCTest

@testable import Recognize

/// A box taller than a one-line control holding only upright strokes (a side drawn twice, a
/// closing stroke) is an empty picture frame, not a segmented control split by lines.
final class TallBoxTests: XCTestCase {
    /// The types recognised for a box `height` tall with an upright stroke inside, at `lineX`.
    private func boxWithUprightLine(height: Double, lineX: Double) throws -> [ElementType] {
        try Sketch.rootTypes { s in
            s.rect("frame", 28, 200, 334, height)
            s.line("side", lineX, 202, lineX, 198 + height)
        }
    }

    func testATallBoxWithAnUprightStrokeInsideIsAnImage() throws {
        XCTAssertEqual(try boxWithUprightLine(height: 110, lineX: 46), [.image])
    }

    func testAFlatBoxSplitByUprightLinesIsStillASegmentedControl() throws {
        XCTAssertEqual(try boxWithUprightLine(height: 36, lineX: 195), [.segmentedControl])
    }

    func testATallBoxWithAnUprightLineAndWritingIsNoSegmentedControl() throws {
        let found = try Sketch.rootTypes { s in
            s.rect("card", 28, 200, 334, 150)
            s.line("split", 120, 210, 120, 340)
            s.squiggle("title", 150, 270, 120)
        }
        XCTAssertFalse(found.contains(.segmentedControl), "\(found)")
    }
}
