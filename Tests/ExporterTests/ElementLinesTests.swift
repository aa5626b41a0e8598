import SketchModel
import StrokeLog
import XCTest

@testable import Exporter

/// The source ranges the SwiftUI generator records per element (code <-> canvas highlighting).
final class ElementLinesTests: XCTestCase {
    private func file(_ recognition: SessionRecognition, _ path: String) throws -> GeneratedFile {
        try XCTUnwrap(SwiftUIGenerator.files(for: recognition).first { $0.path == path })
    }

    func testEachElementsLinesHoldItsOwnCodeAndNothingElses() throws {
        let login = try file(Fixtures.login, "LoginScreen.swift")
        let lines = login.text.components(separatedBy: "\n")
        let expected = [
            "e1": "Welcome back", "e2": "\"Email\"", "e3": "\"Password\"", "e4": "Remember me", "e5": "Log In",
            "e6": "Forgot password?",
        ]
        for (id, needle) in expected {
            let range = try XCTUnwrap(login.elementLines[id], "no lines for \(id)")
            let code = lines[range].joined(separator: "\n")
            XCTAssertTrue(code.contains(needle), "\(id) lines \(range): \(code)")
            for (other, otherNeedle) in expected where other != id {
                XCTAssertFalse(code.contains(otherNeedle), "\(id)'s lines also hold \(other)'s code: \(code)")
            }
        }
        let ranges = expected.keys.compactMap { login.elementLines[$0] }.sorted { $0.lowerBound < $1.lowerBound }
        for (a, b) in zip(ranges, ranges.dropFirst()) {
            XCTAssertLessThanOrEqual(a.upperBound, b.lowerBound, "siblings overlap")
        }
    }

    func testNestedElementsLieInsideTheirContainerAndTheMapIsDeterministic() throws {
        for (name, recognition) in Fixtures.everyPath {
            let files = SwiftUIGenerator.files(for: recognition)
            XCTAssertEqual(files, SwiftUIGenerator.files(for: recognition), name)
            for file in files {
                let count = file.text.components(separatedBy: "\n").count
                for (id, range) in file.elementLines {
                    XCTAssertTrue(
                        range.lowerBound >= 0 && range.upperBound <= count && !range.isEmpty,
                        "\(name) \(file.path) \(id) \(range)")
                }
            }
            for screen in recognition.screens {
                for element in screen.elements.flatMap(\.flattened) {
                    let container = files.first { $0.elementLines[element.id] != nil }
                    guard let container, let outer = container.elementLines[element.id] else { continue }
                    for child in element.children {
                        if let inner = container.elementLines[child.id] {
                            XCTAssertTrue(
                                outer.contains(inner.lowerBound) && inner.upperBound <= outer.upperBound,
                                "\(name): \(child.id) outside \(element.id)")
                        }
                    }
                }
            }
        }
        XCTAssertTrue(SwiftUIGenerator.files(for: Fixtures.login).contains { !$0.elementLines.isEmpty })
    }

    func testTheJSONFormIsPathAndTextOnly() throws {
        let login = try file(Fixtures.login, "LoginScreen.swift")
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(login)) as? [String: Any]
        XCTAssertEqual(Set(json?.keys ?? [:].keys), ["path", "text"])
        XCTAssertEqual(try JSONDecoder().decode(GeneratedFile.self, from: JSONEncoder().encode(login)).text, login.text)
    }
}
