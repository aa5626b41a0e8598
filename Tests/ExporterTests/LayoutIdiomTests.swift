import SketchModel
import StrokeLog
import XCTest

@testable import Exporter

/// The layout reads as a developer writes it: alignment with `.frame(maxWidth:alignment:)`
/// rather than `HStack { Spacer(); X; Spacer() }`, no stack around one view only to pad it.
final class LayoutIdiomTests: XCTestCase {
    private func screenFile(_ elements: [Element], _ children: [LayoutNode]) throws -> String {
        let layout = LayoutNode.vstack(
            .init(
                spacing: 16, alignment: "leading", padding: .init(top: 40, leading: 24, bottom: 0, trailing: 24),
                children: children))
        let screen = Fixtures.screen(Screen(id: "main", name: "Welcome"), elements, layout: layout)
        let recognition = SessionRecognition(seq: 1, screens: [screen], links: [], theme: .standard, title: nil)
        return try XCTUnwrap(SwiftUIGenerator.files(for: recognition).first { $0.path == "WelcomeScreen.swift" }).text
    }

    private let spacer = LayoutNode.spacer(minLength: 0)

    private func row(_ children: [LayoutNode], top: Double = 0, leading: Double = 0) -> LayoutNode {
        .hstack(
            .init(
                spacing: 0, alignment: "center", padding: .init(top: top, leading: leading, bottom: 0, trailing: 0),
                children: children))
    }

    func testSpacerWrappersBecomeFrameAlignmentAndPadding() throws {
        let text = try screenFile(
            [
                Fixtures.element("title", .label, 120, 40, 150, 36, text: "Welcome"),
                Fixtures.element("note", .label, 240, 100, 126, 20, text: "Version 2"),
                Fixtures.element("body", .label, 64, 140, 200, 20, text: "Indented"),
                Fixtures.element("go", .button, 24, 220, 342, 48, text: "Start"),
            ],
            [
                row([spacer, .element(id: "title"), spacer]),
                row([spacer, .element(id: "note")], top: 8),
                row([.element(id: "body"), spacer], leading: 40),
                .vstack(
                    .init(
                        spacing: 0, alignment: "leading", padding: .init(top: 40, leading: 0, bottom: 0, trailing: 0),
                        children: [.element(id: "go")])),
            ])
        XCTAssertFalse(text.contains("HStack"), text)
        XCTAssertEqual(text.components(separatedBy: "VStack").count, 2, "only the root stack: \(text)")
        XCTAssertFalse(text.contains("Spacer()"), text)
        for needle in [
            "            Text(\"Welcome\")\n                .font(Theme.title)\n                .accessibilityAddTraits(.isHeader)\n                .frame(maxWidth: .infinity)\n",
            "            Text(\"Version 2\")\n                .font(Theme.body)\n                .frame(maxWidth: .infinity, alignment: .trailing)\n                .padding(.top, 8)\n",
            "            Text(\"Indented\")\n                .font(Theme.body)\n                .padding(.leading, 40)\n",
            "            .buttonBorderShape(.roundedRectangle(radius: Theme.cornerRadius))\n            .padding(.top, 40)\n",
        ] {
            XCTAssertTrue(text.contains(needle), needle + "\n" + text)
        }
        XCTAssertEqual(
            try SwiftUITypeCheck.check(
                [GeneratedFile(path: "WelcomeScreen.swift", text: text)]
                    + SwiftUIGenerator.files(for: Fixtures.login).filter { $0.path == "Theme.swift" }
            ).status, 0)
    }

    /// Inside a stack that is not the root, a leading wrapper keeps the full width it gave.
    func testANestedLeadingWrapperKeepsItsWidth() throws {
        let text = try screenFile(
            [
                Fixtures.element("a", .label, 24, 40, 100, 20, text: "Left"),
                Fixtures.element("b", .label, 200, 40, 100, 20, text: "Right"),
            ],
            [
                .hstack(
                    .init(
                        spacing: 8, alignment: "center",
                        children: [
                            .vstack(
                                .init(spacing: 0, alignment: "leading", children: [row([.element(id: "a"), spacer])])),
                            .element(id: "b"),
                        ]))
            ])
        XCTAssertTrue(
            text.contains(
                "HStack(spacing: 8) {\n            Text(\"Left\")\n                .font(Theme.body)\n                .frame(maxWidth: .infinity, alignment: .leading)\n"
            ), text)
    }

    func testAScreenOfOneListIsThatList() throws {
        let recognition = Fixtures.settings
        var screen = recognition.screens[0]
        screen.elements = screen.elements.filter { $0.id == "n1" || $0.id == "l1" }
        screen.layout = .vstack(
            .init(
                spacing: 16, alignment: "leading", padding: .init(top: 0, leading: 20, bottom: 16, trailing: 20),
                children: [.element(id: "l1")]))
        var one = recognition
        one.screens[0] = screen
        let text = try XCTUnwrap(SwiftUIGenerator.files(for: one).first { $0.path == "SettingsScreen.swift" }).text
        XCTAssertFalse(text.contains("VStack"), text)
        XCTAssertTrue(
            text.contains(
                "        .listStyle(.plain)\n        .padding(.horizontal, 20)\n        .padding(.bottom)\n        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)\n"
            ), text)
    }

    func testACardAroundOneViewIsThatViewPadded() throws {
        let card = Fixtures.element(
            "k", .container, 24, 40, 342, 60,
            children: [Fixtures.element("kt", .label, 40, 60, 200, 20, text: "Inside")])
        let text = try screenFile(
            [card, Fixtures.element("after", .label, 24, 120, 100, 20, text: "After")],
            [.element(id: "k"), .element(id: "after")])
        XCTAssertTrue(
            text.contains(
                "Text(\"Inside\")\n                .font(Theme.body)\n                .padding()\n                .frame(maxWidth: .infinity, alignment: .leading)\n                .background(Theme.cardBackground, in: Theme.cardShape)\n"
            ), text)
    }

    /// What was drawn narrower than the screen takes its drawn width at most, so a narrower phone
    /// shrinks it instead of running it past the edge: a card, a picture and a text field.
    func testNarrowerThanTheScreenIsAMaximumWidthNotAFixedOne() throws {
        let card = Fixtures.element(
            "k", .container, 24, 40, 200, 60,
            children: [Fixtures.element("kt", .label, 40, 60, 120, 20, text: "Inside")])
        let elements = [
            card, Fixtures.element("p", .image, 24, 120, 150, 100),
            Fixtures.element("f", .textField, 24, 240, 220, 36, text: "Name"),
        ]
        let layout = LayoutNode.vstack(
            .init(
                spacing: 16, alignment: "leading", padding: .init(top: 40, leading: 24, bottom: 0, trailing: 24),
                children: [.element(id: "k"), .element(id: "p"), .element(id: "f")]))
        let screen = Fixtures.screen(Screen(id: "main", name: "Welcome"), elements, layout: layout)
        let files = SwiftUIGenerator.files(
            for: SessionRecognition(seq: 1, screens: [screen], links: [], theme: .standard, title: nil))
        let text = try XCTUnwrap(files.first { $0.path == "WelcomeScreen.swift" }).text
        XCTAssertTrue(
            text.contains(
                ".frame(maxWidth: 200, alignment: .leading)\n                .background(Theme.cardBackground, in: Theme.cardShape)"
            ), text)
        XCTAssertTrue(text.contains(".frame(maxWidth: 150, minHeight: 100, maxHeight: 100)"), text)
        XCTAssertTrue(text.contains(".textFieldStyle(.roundedBorder)\n                .frame(maxWidth: 220)"), text)
        XCTAssertFalse(text.contains(".frame(width:"), text)
        let outcome = try SwiftUITypeCheck.check(files)
        XCTAssertEqual(outcome.status, 0, outcome.output)
    }

    /// SwiftUI starts the content below the status bar: content drawn 80 pt from the top of a
    /// 390-point screen (59 pt of safe area) is padded 24 pt, not 80.
    func testTheTopPaddingStartsBelowTheStatusBar() throws {
        let layout = LayoutNode.vstack(
            .init(
                spacing: 16, alignment: "leading", padding: .init(top: 80, leading: 24, bottom: 0, trailing: 24),
                children: [.element(id: "t")]))
        let screen = Fixtures.screen(
            Screen(id: "main", name: "Welcome"), [Fixtures.element("t", .label, 24, 80, 200, 20, text: "Hello")],
            layout: layout)
        let files = SwiftUIGenerator.files(
            for: SessionRecognition(seq: 1, screens: [screen], links: [], theme: .standard, title: nil))
        let text = try XCTUnwrap(files.first { $0.path == "WelcomeScreen.swift" }).text
        XCTAssertTrue(text.contains(".padding(.top, 24)"), text)
        XCTAssertFalse(text.contains(".padding(.top, 80)"), text)
    }

    /// A bar drawn at a standard bar's height asks for an inline title, so SwiftUI's bar is as
    /// tall as the drawn one; a bar drawn as tall as a large title keeps SwiftUI's large title.
    func testABarDrawnThinHasAnInlineTitle() throws {
        for (height, inline) in [(44.0, true), (96.0, false)] {
            let bar = Fixtures.element("bar", .navigationBar, 0, 59, 390, height, text: "Welcome")
            let layout = LayoutNode.vstack(
                .init(
                    spacing: 16, alignment: "leading", padding: .init(top: 59, leading: 24, bottom: 0, trailing: 24),
                    children: [.element(id: "bar"), .element(id: "t")]))
            let elements = [bar, Fixtures.element("t", .label, 24, 59 + height + 16, 200, 20, text: "Hello")]
            let screen = Fixtures.screen(Screen(id: "main", name: "Welcome"), elements, layout: layout)
            let files = SwiftUIGenerator.files(
                for: SessionRecognition(seq: 1, screens: [screen], links: [], theme: .standard, title: nil))
            let text = try XCTUnwrap(files.first { $0.path == "WelcomeScreen.swift" }).text
            XCTAssertEqual(text.contains(".navigationBarTitleDisplayMode(.inline)"), inline, text)
            XCTAssertEqual(try SwiftUITypeCheck.check(files).status, 0)
        }
    }

    func testPaddingsAreWrittenAsADeveloperWould() {
        XCTAssertEqual(SwiftUISyntax.padding(Padding(top: 16, leading: 16, bottom: 16, trailing: 16)), [".padding()"])
        XCTAssertEqual(
            SwiftUISyntax.padding(Padding(top: 40, leading: 16, bottom: 0, trailing: 16)),
            [".padding(.horizontal)", ".padding(.top, 40)"])
        XCTAssertEqual(
            SwiftUISyntax.padding(Padding(top: 8, leading: 24, bottom: 8, trailing: 20)),
            [".padding(.vertical, 8)", ".padding(.leading, 24)", ".padding(.trailing, 20)"])
    }
}
