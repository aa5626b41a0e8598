import SketchModel
import XCTest
@testable import Recognize

/// What an empty box at the very top of a screen is: a navigation bar when it is as tall as one or
/// drawn to both sides of the screen, else a field (a search field on a screen without a bar,
/// before its placeholder is written or with the placeholder read apart from it).
final class TopOfScreenTests: XCTestCase {
    func testAFlatEmptyBoxKeptOffTheSidesAtTheTopIsATextField() throws {
        XCTAssertEqual(try Sketch.rootTypes { $0.rect("search", 20, 36, 350, 40) }, [.textField])
        XCTAssertEqual(try Sketch.rootTypes { $0.rect("search", 14, 28, 362, 44) }, [.textField])
    }

    func testAnEmptyBoxAsTallAsABarOrDrawnToTheSidesAtTheTopIsANavigationBar() throws {
        XCTAssertEqual(try Sketch.rootTypes { $0.rect("bar", 6, 36, 378, 56) }, [.navigationBar])
        XCTAssertEqual(try Sketch.rootTypes { $0.rect("bar", 3, 36, 384, 40) }, [.navigationBar])
    }
}
