import SketchModel
import StrokeLog
import SwiftParser
import SwiftParserDiagnostics
import XCTest

@testable import Exporter

/// Same input, same bytes; one more element, only the lines it needs.
final class StabilityTests: XCTestCase {
    func testGenerationIsByteIdentical() {
        for fixture in Fixtures.all {
            XCTAssertEqual(
                SwiftUIGenerator.files(for: fixture.recognition), SwiftUIGenerator.files(for: fixture.recognition))
            XCTAssertEqual(
                ComposeGenerator.files(for: fixture.recognition), ComposeGenerator.files(for: fixture.recognition))
        }
    }

    /// Adds a text field between the password field and the checkbox, and a label at the end.
    private func loginWithTwoMoreElements() -> SessionRecognition {
        var recognition = Fixtures.login
        var screen = recognition.screens[0]
        screen.elements += [
            Fixtures.element("e9", .textField, 40, 310, 310, 44, text: "Phone"),
            Fixtures.element("e10", .label, 40, 480, 310, 20, text: "Need an account?"),
        ]
        screen.layout = Fixtures.vstack(["e1", "e2", "e3", "e9", "e4", "e5", "e6", "e10"])
        screen.readingOrder = screen.layout.elementIDs
        recognition.screens[0] = screen
        return recognition
    }

    func testAddingElementsOnlyAddsTheirLines() throws {
        let before = SwiftUIGenerator.files(for: Fixtures.login)
        let after = SwiftUIGenerator.files(for: loginWithTwoMoreElements())
        XCTAssertEqual(before.map(\.path), after.map(\.path))
        for (old, new) in zip(before, after) where old.path != "LoginScreen.swift" {
            XCTAssertEqual(old, new, "\(old.path) changed")
        }
        let old = try XCTUnwrap(before.first { $0.path == "LoginScreen.swift" }).text
        let new = try XCTUnwrap(after.first { $0.path == "LoginScreen.swift" }).text
        let changes = LineDiff.hunks(from: old, to: new).flatMap(\.lines).filter { !$0.hasPrefix(" ") }
        // Which of two identical `.font` lines the diff calls new is arbitrary; compare as a set.
        XCTAssertEqual(
            changes.sorted(),
            [
                "+    @State private var phoneField = \"\"",
                "+            TextField(\"Phone\", text: $phoneField)",
                "+                .textFieldStyle(.roundedBorder)",
                "+            Text(\"Need an account?\")",
                "+                .font(Theme.body)",
            ].sorted())
    }

    func testComposeAlsoOnlyAddsTheNewLines() throws {
        let old = try XCTUnwrap(ComposeGenerator.files(for: Fixtures.login).first { $0.path == "LoginScreen.kt" }).text
        let new = try XCTUnwrap(
            ComposeGenerator.files(for: loginWithTwoMoreElements()).first { $0.path == "LoginScreen.kt" }
        ).text
        let removed = LineDiff.hunks(from: old, to: new).flatMap(\.lines).filter { $0.hasPrefix("-") }
        XCTAssertEqual(removed, [])
    }

    func testHostileTextCannotBreakOutOfLiterals() throws {
        var recognition = Fixtures.login
        recognition.screens[0].elements[0].text = "\"); exit(0) //\n\u{202E}$x \\"
        recognition.screens[0].screen.name = "struct { } \"evil"
        let swift = SwiftUIGenerator.files(for: recognition)
        for file in swift {
            XCTAssertEqual(
                ParseDiagnosticsGenerator.diagnostics(for: Parser.parse(source: file.text)).map(\.message), [],
                file.path)
        }
        let screen = try XCTUnwrap(swift.first { $0.path == "StructEvilScreen.swift" }).text
        XCTAssertTrue(screen.contains(#"Text("\"); exit(0) //\n\u{202e}$x \\")"#), screen)
        let kotlin = try XCTUnwrap(ComposeGenerator.files(for: recognition).first { $0.path == "StructEvilScreen.kt" })
            .text
        XCTAssertTrue(kotlin.contains(#"text = "\"); exit(0) //\n\u202e\$x \\""#), kotlin)
    }
}
