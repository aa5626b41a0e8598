import XCTest

@testable import Exporter

/// The second target: Jetpack Compose through the same blueprint.
final class ComposeTests: XCTestCase {
    func testComposeMatchesGoldenFiles() throws {
        for fixture in Fixtures.all {
            try Golden.check(ComposeGenerator.files(for: fixture.recognition), set: "\(fixture.name)/compose")
        }
    }

    func testComposeUsesTheMaterialBuildingBlocks() {
        let feed = ComposeGenerator.files(for: Fixtures.feed).map(\.text).joined()
        for needle in ["Scaffold(", "TopAppBar(", "NavigationBar {", "NavigationBarItem(", "Column(", "Row("] {
            XCTAssertTrue(feed.contains(needle), needle)
        }
        let login = ComposeGenerator.files(for: Fixtures.login).map(\.text).joined()
        for needle in [
            "Button(onClick = ::logInButtonTapped", "TextField(value = emailField", "PasswordVisualTransformation()",
            "Checkbox(",
        ] {
            XCTAssertTrue(login.contains(needle), needle)
        }
        let settings = ComposeGenerator.files(for: Fixtures.settings).map(\.text).joined()
        XCTAssertTrue(settings.contains("Switch(checked = item.isOn"))
        XCTAssertTrue(settings.contains("data class SettingsItem(val title: String, val isOn: Boolean)"))
    }

    /// Kotlin has no parser here; check what a broken emitter would most likely break.
    func testKotlinBracketsBalance() {
        for fixture in Fixtures.everyPath {
            for file in ComposeGenerator.files(for: fixture.recognition) {
                var depth = 0
                var inString = false
                var previous: Character = " "
                for character in file.text {
                    if character == "\"", previous != "\\" { inString.toggle() }
                    if !inString {
                        if "({[".contains(character) { depth += 1 }
                        if ")}]".contains(character) { depth -= 1 }
                        XCTAssertGreaterThanOrEqual(depth, 0, file.path)
                    }
                    previous = character
                }
                XCTAssertEqual(depth, 0, "\(fixture.name)/\(file.path)")
            }
        }
    }
}
