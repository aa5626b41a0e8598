import SketchModel
import StrokeLog
import XCTest

@testable import Exporter

/// The preview is the code: every string ``BlueprintPreview`` gives the preview is a string
/// literal of the generated SwiftUI, and control kinds and ink colours follow the blueprint.
final class BlueprintPreviewTests: XCTestCase {
    func testEveryPreviewStringIsAStringInTheGeneratedCode() {
        for fixture in Fixtures.everyPath {
            let code = SwiftUIGenerator.files(for: fixture.recognition).map(\.text).joined(separator: "\n")
            let previews = BlueprintPreview.elements(for: fixture.recognition)
            XCTAssertFalse(previews.values.flatMap(\.values).flatMap(\.strings).isEmpty, fixture.name)
            for (screen, elements) in previews {
                for (id, preview) in elements {
                    for string in preview.strings {
                        XCTAssertTrue(
                            code.contains(StringLiteral.quoted(string)),
                            "\(fixture.name)/\(screen)/\(id): \(string) is not in the code")
                    }
                }
            }
        }
    }

    func testTheNavigationTitleAndToggleTitleAreTheCodes() throws {
        let bar = Fixtures.element(
            "nav", .navigationBar, 0, 44, 390, 44,
            children: [Fixtures.element("t", .label, 150, 56, 90, 20, role: "title")])
        let toggle = Fixtures.element("sw", .toggle, 300, 200, 52, 30, isOn: true)
        let box = Fixtures.element("cb", .checkbox, 24, 260, 24, 24)
        let screen = Fixtures.screen(
            Screen(id: "main", name: "Main"), [bar, toggle, box], layout: Fixtures.vstack(["sw", "cb"]))
        let recognition = SessionRecognition(seq: 1, screens: [screen], links: [], theme: .standard, title: nil)
        let previews = try XCTUnwrap(BlueprintPreview.elements(for: recognition)["main"])
        let code = SwiftUIGenerator.files(for: recognition).map(\.text).joined()
        let title = try XCTUnwrap(previews["nav"]?.strings.first)
        XCTAssertTrue(code.contains(".navigationTitle(\(StringLiteral.quoted(title)))"), code)
        XCTAssertEqual(previews["sw"]?.control, "toggle")
        XCTAssertEqual(previews["cb"]?.control, "checkbox")
        XCTAssertTrue(code.contains("Toggle(\(StringLiteral.quoted(previews["sw"]?.strings.first ?? "")),"), code)
    }

    func testBlueInkIsTheThemeTokenAndItsColour() throws {
        let label = Fixtures.element("l", .label, 24, 120, 200, 20, text: "Hello", color: "#1e66f5")
        let screen = Fixtures.screen(Screen(id: "main", name: "Main"), [label], layout: Fixtures.vstack(["l"]))
        let recognition = SessionRecognition(seq: 1, screens: [screen], links: [], theme: .standard, title: nil)
        let preview = try XCTUnwrap(BlueprintPreview.elements(for: recognition)["main"]?["l"])
        let ink = try XCTUnwrap(preview.ink)
        XCTAssertEqual(preview.color?.lowercased(), "#1e66f5")
        XCTAssertTrue(SwiftUIGenerator.files(for: recognition).map(\.text).joined().contains("Theme.\(ink)"))
    }
}
