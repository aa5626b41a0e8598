import SketchModel
import StrokeLog
import XCTest

@testable import Exporter

/// Member names come from the words on the element or from its type and order, never from an
/// element id; they are unique valid identifiers; list data carries no internal ids.
final class MemberNameTests: XCTestCase {
    /// Every `@State private var` and `func` the SwiftUI files declare.
    static func declaredMembers(_ files: [GeneratedFile]) -> [String] {
        let pattern = /(?:@State private var|func) ([A-Za-z_][A-Za-z0-9_]*)/
        return files.flatMap { $0.text.matches(of: pattern).map { String($0.output.1) } }
    }

    /// How an id reads at the end of a camel-case name: `e-s12` -> `Es12`, `S12`; `n1a` -> `N1a`.
    static func idForms(_ id: String) -> [String] {
        let tail = id.split(separator: ":").last.map(String.init) ?? id
        return [id, tail, tail.hasPrefix("e-") ? String(tail.dropFirst(2)) : tail].map { form in
            let kept = form.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
            return kept.prefix(1).uppercased() + kept.dropFirst()
        }
    }

    /// Words are runs of ASCII letters and digits, split where a lower-case letter or digit meets
    /// an upper-case one; everything else (accented and other scripts' letters too) separates.
    func testWordsSplitOnAnythingButASCIILettersAndDigitsAndAtCaseChanges() {
        let cases: [(String, [String])] = [
            ("logIn", ["log", "In"]), ("URLSession", ["URLSession"]), ("2FA code", ["2", "FA", "code"]),
            ("Über uns", ["ber", "uns"]), ("café au lait", ["caf", "au", "lait"]),
            ("Straße 12b", ["Stra", "e", "12b"]),
            ("设置 Settings", ["Settings"]), ("👍 Like it!", ["Like", "it"]),
            ("snake_case-name", ["snake", "case", "name"]),
            ("iOS17Beta", ["i", "OS17", "Beta"]), ("", []), ("...", []),
        ]
        for (text, words) in cases {
            XCTAssertEqual(CodeIdentifier.words(text), words, text)
        }
        XCTAssertEqual(CodeIdentifier.typeName("Über uns", fallback: "Untitled"), "BerUns")
        XCTAssertEqual(CodeIdentifier.memberName("2FA code", fallback: "field"), "field2FACode")
    }

    func testNoNameCarriesAnElementID() {
        for fixture in Fixtures.everyPath {
            let files = SwiftUIGenerator.files(for: fixture.recognition)
            let ids = fixture.recognition.screens.flatMap(\.allElements).map(\.id)
            for name in Self.declaredMembers(files) {
                for id in ids where Self.idForms(id).contains(where: name.hasSuffix) {
                    XCTFail("\(fixture.name): \(name) ends with the element id \(id)")
                }
            }
        }
    }

    func testNamesComeFromTheWordsOnTheElement() throws {
        let login = SwiftUIGenerator.files(for: Fixtures.login).map(\.text).joined()
        for needle in [
            "@State private var emailField = \"\"", "@State private var passwordField = \"\"",
            "@State private var rememberMeCheckbox = true",
            "Button(action: logInButtonTapped)", "private func logInButtonTapped()",
        ] {
            XCTAssertTrue(login.contains(needle), needle + "\n" + login)
        }
        let feed = SwiftUIGenerator.files(for: Fixtures.feed).map(\.text).joined()
        XCTAssertTrue(
            feed.contains("private func menuButtonTapped()") && feed.contains("private func addButtonTapped()"), feed)
        let flow = SwiftUIGenerator.files(for: Fixtures.twoScreenFlow).map(\.text).joined()
        XCTAssertTrue(flow.contains("@State private var isShowingPreferences = false"), flow)
        XCTAssertTrue(flow.contains("@State private var darkModeToggle = false"), flow)
    }

    /// Unnamed controls are named by type and reading order; repeated words get the next number.
    func testTypeAndOrderNameWhatHasNoWordsAndNumbersRepeats() throws {
        let elements = [
            Fixtures.element("e-s1", .textField, 20, 100, 350, 44, text: "Email"),
            Fixtures.element("e-s2", .textField, 20, 160, 350, 44, text: "Email"),
            Fixtures.element("e-s3", .toggle, 20, 220, 52, 30),
            Fixtures.element("e-s4", .slider, 20, 270, 350, 30),
            Fixtures.element("e-s5", .toggle, 20, 320, 52, 30),
            Fixtures.element("e-s6", .button, 20, 380, 350, 48),
            Fixtures.element("e-s7", .button, 20, 440, 350, 48, text: "Sign in"),
        ]
        let screen = Fixtures.screen(
            Screen(id: "main", name: "Form"), elements, layout: Fixtures.vstack(elements.map(\.id)))
        let recognition = SessionRecognition(seq: 1, screens: [screen], links: [], theme: .standard, title: nil)
        let names = Self.declaredMembers(SwiftUIGenerator.files(for: recognition))
        XCTAssertEqual(
            names,
            ["emailField", "emailField2", "toggle1", "slider1", "toggle2", "button1Tapped", "signInButtonTapped"])
        // Compose uses the same names.
        let kotlin = ComposeGenerator.files(for: recognition).map(\.text).joined()
        XCTAssertTrue(
            kotlin.contains("var toggle2 by remember") && kotlin.contains("private fun signInButtonTapped()"), kotlin)
    }

    /// A name the generated code uses itself is never a member's: words that make `options`
    /// would shadow Compose's own `options` list.
    func testNamesTheCodeUsesItselfAreTaken() {
        var names = UniqueNames.members()
        XCTAssertEqual(names.name(words: "Options", fallback: "picker"), "options2")
        XCTAssertEqual(names.name(words: "Dismiss", fallback: "label"), "dismiss2")
        XCTAssertEqual(
            names.name(words: "Password field", suffix: "Field", fallback: "textField"), "passwordField",
            "a suffix the words end with is not repeated")
        XCTAssertEqual(names.name(words: "Volume", suffix: "Slider", fallback: "slider"), "volumeSlider")
        XCTAssertEqual(
            names.name(words: nil, suffix: "Slider", fallback: "slider"), "slider1", "numbered only without words")
    }

    /// A new element elsewhere renames nothing that has words.
    func testAddingAnElementKeepsTheOtherNames() {
        let before = Self.declaredMembers(SwiftUIGenerator.files(for: Fixtures.login))
        var recognition = Fixtures.login
        recognition.screens[0].elements.insert(Fixtures.element("e0", .toggle, 40, 80, 52, 30), at: 0)
        recognition.screens[0].layout = Fixtures.vstack(["e0", "e1", "e2", "e3", "e4", "e5", "e6"])
        let after = Self.declaredMembers(SwiftUIGenerator.files(for: recognition))
        XCTAssertEqual(after.filter { $0 != "toggle1" }, before)
    }

    func testListDataCarriesNoInternalIDs() throws {
        let swift = SwiftUIGenerator.files(for: Fixtures.settings).map(\.text).joined()
        XCTAssertTrue(swift.contains("SettingsItem(title: \"Wi-Fi\", isOn: true),"), swift)
        XCTAssertTrue(swift.contains("    let id = UUID()\n"), swift)
        for fixture in Fixtures.everyPath {
            let code =
                (SwiftUIGenerator.files(for: fixture.recognition) + ComposeGenerator.files(for: fixture.recognition))
                .map(\.text).joined()
            for element in fixture.recognition.screens.flatMap(\.allElements) {
                XCTAssertFalse(
                    code.contains("\"\(element.id)\""), "\(fixture.name): the id \(element.id) is in the code")
            }
        }
    }
}
