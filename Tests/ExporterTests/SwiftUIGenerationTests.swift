import SketchModel
import StrokeLog
import XCTest

@testable import Exporter

/// Specific generation rules, beyond the golden files.
final class SwiftUIGenerationTests: XCTestCase {
    private func screenFile(_ elements: [Element], layout: LayoutNode) throws -> String {
        let screen = Fixtures.screen(Screen(id: "main", name: "Rows"), elements, layout: layout)
        let recognition = SessionRecognition(seq: 1, screens: [screen], links: [], theme: .standard, title: nil)
        return try XCTUnwrap(SwiftUIGenerator.files(for: recognition).first { $0.path == "RowsScreen.swift" }).text
    }

    func testALabelBesideAnUnlabelledToggleBecomesTheToggleTitle() throws {
        let text = try screenFile(
            [
                Fixtures.element("t1", .label, 20, 100, 150, 20, text: "Wi-Fi"),
                Fixtures.element("t2", .toggle, 300, 96, 60, 28, isOn: true),
            ],
            layout: .vstack(
                .init(
                    spacing: 8, alignment: "leading",
                    children: [
                        .hstack(
                            .init(
                                spacing: 8, alignment: "center",
                                children: [.element(id: "t1"), .spacer(minLength: 0), .element(id: "t2")]))
                    ])))
        XCTAssertTrue(text.contains("@State private var wiFiToggle = true"), text)
        XCTAssertTrue(text.contains("Toggle(\"Wi-Fi\", isOn: $wiFiToggle)"), text)
        XCTAssertFalse(text.contains("Text(\"Wi-Fi\")"), text)
    }

    /// A squiggle (no text yet) titles the toggle with the placeholder text it showed.
    func testAPlaceholderLabelTitlesItsToggleWithItsPlaceholder() throws {
        let text = try screenFile(
            [
                Fixtures.element("t1", .label, 20, 100, 150, 20),
                Fixtures.element("t2", .toggle, 300, 96, 60, 28),
            ],
            layout: .vstack(
                .init(
                    spacing: 8, alignment: "leading",
                    children: [
                        .hstack(
                            .init(spacing: 8, alignment: "center", children: [.element(id: "t1"), .element(id: "t2")]))
                    ])))
        XCTAssertFalse(text.contains("HStack"), text)
        XCTAssertTrue(text.contains("Toggle(\"Lorem ipsum dolor\", isOn: $toggle1)"), text)
    }

    func testNamesFromBrowserStrokeIDsLeaveTheIDOut() throws {
        let text = try screenFile(
            [
                Fixtures.element("e-c-7f3a9k:s12", .textField, 20, 100, 300, 40, text: "Email"),
                Fixtures.element("e-c-b2x0q1:s12", .textField, 20, 160, 300, 40, text: "Email"),
            ],
            layout: .vstack(
                .init(
                    spacing: 8, alignment: "leading",
                    children: [
                        .element(id: "e-c-7f3a9k:s12"), .element(id: "e-c-b2x0q1:s12"),
                    ])))
        XCTAssertTrue(text.contains("@State private var emailField = \"\""), text)
        XCTAssertTrue(text.contains("@State private var emailField2 = \"\""), "a clash takes the next number: \(text)")
    }
}
