import Foundation
import Recognize
import SketchModel
import StrokeLog
import XCTest

@testable import Exporter

/// The preview and the code come from one model: after every kind of correction on real drawn
/// screens, each control the preview draws is the control the code writes, with the code's
/// strings, and every switch and checkbox is on in the preview exactly when its `@State` starts on.
final class PreviewStateTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("RecognizeTests/Fixtures")

    /// The session: the canvas file's strokes on the main screen, then `corrections`.
    private func session(_ canvasFile: String, _ corrections: [EventPayload] = []) throws -> SessionState {
        let canvas = try CanvasFile.parse(try Data(contentsOf: Self.fixtures.appendingPathComponent(canvasFile)))
        let screen = canvas.screen(id: Screen.mainID)
        let payloads =
            [EventPayload.screenAdded(screen)] + (try canvas.strokes(onScreen: screen.id)).map(EventPayload.strokeAdded)
            + corrections
        var state = SessionState()
        for (index, payload) in payloads.enumerated() {
            _ = state.apply(
                EventRecord(
                    seq: Int64(index + 1), author: "ana", clientOpID: "op\(index)", serverTime: 0, payload: payload))
        }
        return state
    }

    private func strokes(of id: String, in recognition: SessionRecognition) throws -> [String] {
        try XCTUnwrap(recognition.screens.flatMap(\.allElements).first { $0.id == id }, "no element \(id)").strokeIds
    }

    func testEveryCorrectionKeepsPreviewAndCodeTogether() throws {
        let recognizer = try Recognizer.shipped()
        for canvas in ["flow-main.json", "settings-toggles.json"] {
            let base = try recognizer.recognize(session: session(canvas))
            let ids = base.screens[0].allElements.filter { $0.type != .container }.map(\.id)
            var scenarios: [(String, [EventPayload])] = [("as drawn", [])]
            for id in ids {
                let own = try strokes(of: id, in: base)
                for type in ["toggle", "checkbox", "button", "label", "textField", "slider"] {
                    scenarios.append(("\(id) labelled \(type)", [.labelCorrected(strokeIDs: own, label: type)]))
                }
                scenarios += [
                    (
                        "\(id) labelled button then toggle",
                        [
                            .labelCorrected(strokeIDs: own, label: "button"),
                            .labelCorrected(strokeIDs: own, label: "toggle"),
                        ]
                    ),
                    ("\(id) given text", [.textSet(strokeIDs: own, text: "Wi-Fi")]),
                    ("\(id) split", [.strokesSplit(strokeIDs: own)]),
                    ("\(id) ignored", [.strokesIgnored(strokeIDs: own, ignored: true)]),
                    ("\(id) moved", [.strokesMoved(strokeIDs: own, dx: 0, dy: 36)]),
                    ("\(id) erased", [.strokesErased(strokeIDs: own)]),
                ]
            }
            for (first, second) in zip(ids, ids.dropFirst()) {
                scenarios.append(
                    (
                        "\(first) merged with \(second)",
                        [.strokesMerged(strokeIDs: try strokes(of: first, in: base) + strokes(of: second, in: base))]
                    ))
            }
            for (name, corrections) in scenarios {
                let recognition = try recognizer.recognize(session: session(canvas, corrections))
                assertPreviewIsTheCode(recognition, "\(canvas), \(name)")
            }
        }
    }

    /// What the code writes for each control the preview can draw.
    private static let constructors: [String: String] = [
        "text": "Text(", "button": "Button", "textField": "TextField(", "secureField": "SecureField(",
        "toggle": "Toggle(",
        "checkbox": "CheckboxToggleStyle()", "slider": "Slider(", "picker": "Picker(",
        "segmented": ".pickerStyle(.segmented)",
        "image": "\"photo\"", "avatar": "\"person.crop.circle.fill\"", "icon": "Image(systemName:",
        "divider": "Divider()",
        "list": "List(", "pageControl": "Circle()", "card": "Theme.cardBackground",
    ]

    private func assertPreviewIsTheCode(_ recognition: SessionRecognition, _ context: String) {
        let previews = BlueprintPreview.elements(for: recognition)
        let app = BlueprintBuilder.app(for: recognition)
        for (screen, blueprint) in zip(recognition.screens, app.screens) {
            guard
                let file = SwiftUIGenerator.files(for: recognition).first(where: {
                    $0.path == blueprint.typeName + ".swift"
                })
            else {
                return XCTFail("\(context): no file for \(blueprint.typeName)")
            }
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let elements = Dictionary(screen.allElements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for (id, preview) in previews[screen.screen.id] ?? [:]
            where preview.control != "navigationBar" && preview.control != "tabBar" {
                let codeID = preview.titleOf ?? id
                guard let range = file.elementLines[codeID] else {
                    XCTFail("\(context): \(id) (\(preview.control)) is in the preview but not in the code")
                    continue
                }
                let code = lines[range].joined(separator: "\n")
                if let constructor = Self.constructors[preview.control] {
                    XCTAssertTrue(
                        code.contains(constructor),
                        "\(context): \(id) is a \(preview.control) in the preview, not in the code:\n\(code)")
                }
                for string in preview.strings {
                    XCTAssertTrue(
                        code.contains(StringLiteral.quoted(string)),
                        "\(context): \(id) shows \(string) in the preview only:\n\(code)")
                }
                guard preview.control == "toggle" || preview.control == "checkbox" else { continue }
                let codeIsOn = Self.initialFlag(boundIn: code, declaredIn: file.text)
                XCTAssertNotNil(codeIsOn, "\(context): \(id) has no Bool state in the code:\n\(code)")
                XCTAssertEqual(preview.isOn, codeIsOn, "\(context): \(id) preview isOn vs code")
                // The browser draws the element's own `isOn` today: it must be the code's too.
                XCTAssertEqual(elements[id]?.isOn, codeIsOn, "\(context): \(id) element isOn vs code")
            }
        }
    }

    /// `isOn: $name` in `code`, then `@State private var name = true|false` in the file.
    static func initialFlag(boundIn code: String, declaredIn file: String) -> Bool? {
        guard let binding = code.firstMatch(of: /isOn: \$([A-Za-z0-9_]+)/)?.output.1,
            let value = file.firstMatch(of: try! Regex("@State private var \(binding) = (true|false)\n"))?.output[1]
                .substring
        else { return nil }
        return value == "true"
    }
}
