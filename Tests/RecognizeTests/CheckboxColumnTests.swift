import RecognizeTraining
import XCTest

/// Checkboxes the classifier reads as pictograms, told by the column they stand in.
final class CheckboxColumnTests: XCTestCase {
    /// Seed 11, screen 14: four rows with a trailing checkbox; two of the checkbox drawings read
    /// as `envelope` and `play`, so no row's pictogram stood where every other row held a
    /// checkbox, and both were kept as icons.
    func testTwoMisreadCheckboxesInOneColumnAreCheckboxes() throws {
        let (score, screen) = try HeldOutScreens.score(seed: 11, index: 14)
        XCTAssertEqual(screen.kind, "search")
        XCTAssertEqual(score.missed, [])
        XCTAssertEqual(score.spurious, [])
    }
}
