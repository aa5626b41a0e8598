import SketchModel
import StrokeLog
import XCTest

@testable import Exporter

/// A label drawn on a control's row is the control's title in the code and in the preview; a
/// label on its own stays a `Text`.
final class ControlTitleTests: XCTestCase {
    private func recognition(_ elements: [Element], rows: [[String]]) -> SessionRecognition {
        let children: [LayoutNode] = rows.map { row in
            row.count == 1
                ? .element(id: row[0])
                : .hstack(
                    .init(
                        spacing: 8, alignment: "center",
                        children: [.element(id: row[0]), .spacer(minLength: 0), .element(id: row[1])]))
        }
        let layout = LayoutNode.vstack(
            .init(
                spacing: 16, alignment: "leading", padding: .init(top: 24, leading: 20, bottom: 0, trailing: 20),
                children: children))
        let screen = Fixtures.screen(Screen(id: "main", name: "Settings"), elements, layout: layout)
        return SessionRecognition(seq: 1, screens: [screen], links: [], theme: .standard, title: nil)
    }

    private var rows: SessionRecognition {
        recognition(
            [
                Fixtures.element("l1", .label, 20, 100, 80, 20, text: "Wi-Fi"),
                Fixtures.element("c1", .toggle, 318, 96, 52, 30, isOn: true),
                Fixtures.element("l2", .label, 20, 150, 100, 20, text: "Brightness"),
                Fixtures.element("c2", .slider, 150, 146, 220, 30),
                Fixtures.element("l3", .label, 20, 200, 100, 20, text: "Language"),
                Fixtures.element("c3", .picker, 250, 194, 120, 34),
                Fixtures.element("l4", .label, 20, 250, 60, 20, text: "Name"),
                Fixtures.element("c4", .textField, 120, 244, 250, 36),
                Fixtures.element("c5", .checkbox, 20, 300, 24, 24, isOn: false),
                Fixtures.element("l5", .label, 56, 302, 150, 20, text: "Remember me"),
                Fixtures.element("l6", .label, 20, 350, 200, 20, text: "About"),
            ], rows: [["l1", "c1"], ["l2", "c2"], ["l3", "c3"], ["l4", "c4"], ["c5", "l5"], ["l6"]])
    }

    func testRowLabelsTitleTheirControlsInSwiftUI() throws {
        let code = SwiftUIGenerator.files(for: rows).map(\.text).joined()
        for needle in [
            "Toggle(\"Wi-Fi\", isOn: $wiFiToggle)",
            "LabeledContent(\"Brightness\") {\n                Slider(value: $brightnessSlider)",
            "LabeledContent(\"Language\") {\n                Picker(\"Language\", selection: $languagePicker) {",
            "LabeledContent(\"Name\") {\n                TextField(\"Name\", text: $nameField)",
            "Toggle(\"Remember me\", isOn: $rememberMeCheckbox)\n                .toggleStyle(CheckboxToggleStyle())",
            "Text(\"About\")",
        ] {
            XCTAssertTrue(code.contains(needle), needle + "\n" + code)
        }
        for title in ["Wi-Fi", "Brightness", "Language", "Name", "Remember me"] {
            XCTAssertFalse(code.contains("Text(\"\(title)\")"), "\(title) is still a Text:\n\(code)")
        }
        let screen = try XCTUnwrap(SwiftUIGenerator.files(for: rows).first { $0.path == "SettingsScreen.swift" }).text
        XCTAssertFalse(screen.contains("HStack"), screen)
        XCTAssertEqual(try SwiftUITypeCheck.check(SwiftUIGenerator.files(for: rows)).status, 0)
    }

    func testRowLabelsTitleTheirControlsInCompose() throws {
        let code = ComposeGenerator.files(for: rows).map(\.text).joined()
        XCTAssertTrue(code.contains("Text(\"Wi-Fi\", modifier = Modifier.weight(1f))\n"), code)
        XCTAssertTrue(code.contains("Text(\"Brightness\")\n                Slider(value = brightnessSlider"), code)
        XCTAssertEqual(code.components(separatedBy: "Text(\"Wi-Fi\"").count, 2, code)
    }

    func testThePreviewDrawsTheLabelAsTheControlsTitle() throws {
        let previews = try XCTUnwrap(BlueprintPreview.elements(for: rows)["main"])
        XCTAssertEqual(previews["l1"], ElementPreview(control: "title", strings: ["Wi-Fi"], titleOf: "c1"))
        XCTAssertEqual(previews["c1"]?.titledBy, "l1")
        XCTAssertEqual(previews["c1"]?.strings, ["Wi-Fi"])
        XCTAssertEqual(previews["c1"]?.isOn, true)
        XCTAssertEqual(previews["c2"]?.strings, ["Brightness"])
        XCTAssertEqual(previews["l5"]?.titleOf, "c5")
        XCTAssertEqual(previews["c5"]?.isOn, false)
        XCTAssertEqual(previews["l6"]?.control, "text")
        XCTAssertNil(previews["l6"]?.titleOf)
    }

    /// The source map finds the control's lines from its title label too.
    func testTheTitleLabelMapsToItsControlsLines() throws {
        let file = try XCTUnwrap(SwiftUIGenerator.files(for: rows).first { $0.path == "SettingsScreen.swift" })
        XCTAssertEqual(file.elementLines["l1"], file.elementLines["c1"])
        let range = try XCTUnwrap(file.elementLines["l2"])
        XCTAssertTrue(
            file.text.split(separator: "\n", omittingEmptySubsequences: false)[range].joined().contains(
                "LabeledContent(\"Brightness\")"))
    }

    /// A label just above an empty text field stays a `Text` (the field keeps its place) and names
    /// the field; one further up does not.
    func testALabelJustAboveAFieldNamesIt() throws {
        let code = SwiftUIGenerator.files(
            for: recognition(
                [
                    Fixtures.element("l1", .label, 20, 100, 60, 20, text: "Email"),
                    Fixtures.element("f1", .textField, 20, 128, 350, 40),
                    Fixtures.element("l2", .label, 20, 200, 60, 20, text: "Notes"),
                    Fixtures.element("f2", .textField, 20, 280, 350, 40),
                ], rows: [["l1"], ["f1"], ["l2"], ["f2"]])
        ).map(\.text).joined()
        XCTAssertTrue(code.contains("Text(\"Email\")"), code)
        XCTAssertTrue(code.contains("TextField(\"Email\", text: $emailField)"), code)
        XCTAssertTrue(code.contains("TextField(\"Text\", text: $textField1)"), code)
    }

    /// Card rows are titled the same way.
    func testACardRowIsTitledToo() throws {
        let card = Fixtures.element(
            "k", .container, 20, 100, 350, 80,
            children: [
                Fixtures.element("kl", .label, 36, 130, 100, 20, text: "Notifications"),
                Fixtures.element("kt", .toggle, 302, 126, 52, 30, isOn: false),
            ])
        let code = SwiftUIGenerator.files(for: recognition([card], rows: [["k"]])).map(\.text).joined()
        XCTAssertTrue(code.contains("Toggle(\"Notifications\", isOn: $notificationsToggle)"), code)
        XCTAssertFalse(code.contains("Text(\"Notifications\")"), code)
    }
}
