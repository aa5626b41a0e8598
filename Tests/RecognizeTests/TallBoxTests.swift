import SketchModel
import XCTest
@testable import Recognize

/// A box taller than a one-line control holding only upright strokes (a side drawn twice, a
/// closing stroke) is an empty picture frame, not a segmented control split by lines.
final class TallBoxTests: XCTestCase {
    private func types(_ build: (inout Sketch) -> Void) throws -> [ElementType] {
        var s = Sketch()
        build(&s)
        return try s.recognize().elements.map(\.type)
    }

    func testATallBoxWithAnUprightStrokeInsideIsAnImage() throws {
        XCTAssertEqual(
            try types { s in
                s.rect("frame", 28, 200, 334, 110)
                s.line("side", 46, 204, 46, 306)
            }, [.image])
    }

    func testAFlatBoxSplitByUprightLinesIsStillASegmentedControl() throws {
        XCTAssertEqual(
            try types { s in
                s.rect("frame", 28, 300, 334, 36)
                s.line("split", 195, 302, 195, 334)
            }, [.segmentedControl])
    }

    func testATallBoxWithAnUprightLineAndWritingIsNoSegmentedControl() throws {
        let found = try types { s in
            s.rect("card", 28, 200, 334, 150)
            s.line("split", 120, 210, 120, 340)
            s.squiggle("title", 150, 270, 120)
        }
        XCTAssertFalse(found.contains(.segmentedControl), "\(found)")
    }
}
