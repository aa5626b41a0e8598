import Foundation
import SessionModel
import SketchModel
import XCTest

/// The JSON forms of the result model: what the wire, the elements files and the exporter read.
final class CodingTests: XCTestCase {
    func testLayoutDecodesItsJSONFormWithDefaultsAndRoundTrips() throws {
        let json = """
            {"kind": "vstack", "spacing": 8, "alignment": "leading",
             "padding": {"top": 16, "leading": 20, "bottom": 0, "trailing": 20},
             "children": [{"kind": "element", "id": "e1"},
                          {"kind": "hstack", "spacing": 4, "alignment": "center",
                           "children": [{"kind": "element", "id": "e2"}, {"kind": "spacer"},
                                        {"kind": "zstack", "spacing": 0, "alignment": "center",
                                         "children": [{"kind": "element", "id": "e3"}]}]}]}
            """
        let layout = try JSONDecoder().decode(LayoutNode.self, from: Data(json.utf8))
        let expected = LayoutNode.vstack(
            .init(
                spacing: 8, alignment: "leading", padding: .init(top: 16, leading: 20, bottom: 0, trailing: 20),
                children: [
                    .element(id: "e1"),
                    .hstack(
                        .init(
                            spacing: 4, alignment: "center",
                            children: [
                                .element(id: "e2"), .spacer(minLength: 0),
                                .zstack(.init(spacing: 0, alignment: "center", children: [.element(id: "e3")])),
                            ])),
                ]))
        XCTAssertEqual(layout, expected)
        XCTAssertEqual(layout.elementIDs, ["e1", "e2", "e3"])
        XCTAssertEqual(try roundTrip(layout), layout)
    }

    func testAnUnknownLayoutKindIsRefused() {
        let json = #"{"kind": "grid", "spacing": 8, "alignment": "leading", "children": []}"#
        XCTAssertThrowsError(try JSONDecoder().decode(LayoutNode.self, from: Data(json.utf8))) { error in
            guard case DecodingError.dataCorrupted = error else {
                return XCTFail("expected dataCorrupted, got \(error)")
            }
        }
    }

    func testAnElementWritesNotationKeysAlwaysAndExtraKeysOnlyWhenSet() throws {
        let plain = Element(
            id: "e1", type: .button, frame: Rect(x: 10, y: 20, width: 100, height: 44), confidence: 0.9,
            strokeIds: ["s1", "s2"])
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(plain)) as? [String: Any])
        XCTAssertEqual(
            Set(object.keys), ["id", "type", "frame", "confidence", "strokeIds", "text", "children", "corrected"])
        XCTAssertTrue(object["text"] is NSNull, "text is written as null when unset")
        XCTAssertEqual(object["type"] as? String, "button")
        XCTAssertEqual(try roundTrip(plain), plain)

        var full = plain
        full.text = "Sign in"
        full.textConfidence = 0.72
        full.symbol = "chevron.left"
        full.role = "leading"
        full.color = "#ff0000"
        full.isOn = true
        full.segments = 3
        full.corrected = true
        full.layoutFrame = Rect(x: 16, y: 20, width: 358, height: 44)
        full.children = [
            Element(
                id: "e2", type: .label, frame: Rect(x: 12, y: 22, width: 50, height: 20), confidence: 0.5,
                strokeIds: ["s3"], text: "Hi")
        ]
        XCTAssertEqual(try roundTrip(full), full)
    }

    func testElementsAreWalkedDepthFirst() {
        func leaf(_ id: String, children: [Element] = []) -> Element {
            Element(
                id: id, type: .container, frame: Rect(x: 0, y: 0, width: 1, height: 1), confidence: 1,
                strokeIds: [], children: children)
        }
        let root = leaf("root", children: [leaf("a", children: [leaf("a1"), leaf("a2")]), leaf("b")])
        XCTAssertEqual(root.flattened.map(\.id), ["root", "a", "a1", "a2", "b"])
        var visited: [String] = []
        root.visitTree { visited.append($0.id) }
        XCTAssertEqual(visited, root.flattened.map(\.id))
    }

    func testAGeneratedFilesElementLinesStayOffTheWire() throws {
        let file = GeneratedFile(path: "LoginScreen.swift", text: "import SwiftUI\n", elementLines: ["e1": 0..<1])
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(file)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["path", "text"])
        let decoded = try roundTrip(file)
        XCTAssertEqual(decoded, GeneratedFile(path: "LoginScreen.swift", text: "import SwiftUI\n"))
        XCTAssertTrue(decoded.elementLines.isEmpty)
    }

    func testALabelScoresProbabilityIsCalledConfidenceOnTheWire() throws {
        let score = LabelScore(label: "button", probability: 0.75)
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(score)) as? [String: Any])
        XCTAssertEqual(object["label"] as? String, "button")
        XCTAssertEqual(object["confidence"] as? Double, 0.75)
        XCTAssertNil(object["probability"])
        XCTAssertEqual(try roundTrip(score), score)
    }

    func testElementTypesAreTheNotationNames() throws {
        for type in ElementType.allCases {
            XCTAssertEqual(try JSONDecoder().decode(ElementType.self, from: Data("\"\(type.rawValue)\"".utf8)), type)
        }
        XCTAssertThrowsError(try JSONDecoder().decode(ElementType.self, from: Data(#""circle""#.utf8)))
        XCTAssertEqual(
            Set(ElementType.allCases.filter(\.holdsChildren)),
            [.navigationBar, .tabBar, .list, .container, .button, .segmentedControl])
    }

    func testASessionsResultRoundTrips() throws {
        let button = Element(
            id: "e1", type: .button, frame: Rect(x: 20, y: 400, width: 350, height: 44), confidence: 0.93,
            strokeIds: ["s1", "s2"], text: "Sign in",
            children: [
                Element(
                    id: "e2", type: .label, frame: Rect(x: 150, y: 410, width: 80, height: 20), confidence: 0.8,
                    strokeIds: ["s2"], text: "Sign in")
            ])
        let screen = ScreenRecognition(
            screen: Screen(id: Screen.mainID, name: "Login"), elements: [button],
            layout: .vstack(.init(spacing: 8, alignment: "center", children: [.element(id: "e1")])),
            readingOrder: ["e1"],
            detections: [
                Detection(
                    strokeIds: ["s1"], frame: button.frame, label: "rectangle", confidence: 0.9,
                    alternatives: [LabelScore(label: "roundedRectangle", probability: 0.07)], kept: true)
            ])
        XCTAssertEqual(screen.allElements.map(\.id), ["e1", "e2"])
        let session = SessionRecognition(
            seq: 42, screens: [screen],
            links: [NavigationLinkSpec(fromScreen: "main", fromElement: "e1", toScreen: "home", strokeId: "s9")],
            theme: Theme(accent: "#007aff", background: "#ffffff", cornerRadius: 8, typeScale: 1), title: "Login")
        XCTAssertEqual(session.links.first?.style, "push")
        XCTAssertEqual(try roundTrip(session), session)
    }

    private func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }
}
