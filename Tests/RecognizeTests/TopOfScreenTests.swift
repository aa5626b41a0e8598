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

    /// A placeholder written with a loop reads as a slider (a line and its knob); at the left of a
    /// field-shaped box it is still the field's placeholder, under a bar or at the top.
    func testAFieldWhosePlaceholderReadsAsASliderIsATextField() throws {
        for top in [36.0, 120.0] {
            let types = try Sketch.rootTypes { s in
                s.rect("field", 24, top, 342, 38)
                s.line("placeholder", 38, top + 19, 140, top + 19, label: "slider")
            }
            XCTAssertEqual(types, [.textField], "at \(top)")
        }
    }

    /// A speck on a field's top side (a corner drawn over) is more of its outline, not a
    /// drop-down's arrow nor a second piece of content beside the placeholder.
    func testASpeckOnAFieldsTopSideLeavesItAFieldWithItsPlaceholder() throws {
        for placeholder in [false, true] {
            let types = try Sketch.rootTypes { s in
                s.rect("field", 14, 200, 362, 44)
                if placeholder { s.squiggle("placeholder", 28, 217, 100) }
                s.line("speck", 356, 200, 361, 202, label: "dot")
            }
            XCTAssertEqual(types, [.textField], "placeholder: \(placeholder)")
        }
    }
}
