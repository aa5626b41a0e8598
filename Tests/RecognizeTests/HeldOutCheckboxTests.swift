import RecognizeTraining
import XCTest

/// Checkboxes of the held-out set that were missed: real DoodleUINet checkbox drawings read as
/// pictograms, or drawn in pieces the grouper kept apart.
final class HeldOutCheckboxTests: XCTestCase {
    /// Seed 11, screen 14: four rows with a trailing checkbox; two of the checkbox drawings read
    /// as `envelope` and `play`, so no row's pictogram stood where every other row held a
    /// checkbox, and both were kept as icons.
    func testTwoMisreadCheckboxesInOneColumnAreCheckboxes() throws {
        let (score, screen) = try HeldOutScreens.score(seed: 11, index: 14)
        XCTAssertEqual(screen.kind, "search")
        XCTAssertEqual(score.missed, [])
        XCTAssertEqual(score.spurious, [])
    }

    /// Seed 7, screen 35: the third option's checkbox was drawn as four short sides and a tick;
    /// its left side ended 11 pt (corner to corner) from the top, so the grouper kept it apart.
    /// Alone it read as a divider, the rest as a narrower checkbox, and the list of options broke
    /// in two (the fourth checkbox, read as `play`, lost its column).
    func testACheckboxSideDrawnApartIsPartOfTheCheckbox() throws {
        let (score, screen) = try HeldOutScreens.score(seed: 7, index: 35)
        XCTAssertEqual(screen.kind, "options")
        XCTAssertEqual(score.missed, [])
        XCTAssertEqual(score.spurious, [])
    }
}
