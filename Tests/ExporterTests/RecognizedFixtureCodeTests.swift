import Foundation
import Recognize
import SketchModel
import StrokeLog
import XCTest

@testable import Exporter

/// The code generated from real drawn screens (Tests/RecognizeTests/Fixtures, recognised by the
/// shipped model) is what a developer keeps: no names or data from ids, `#Preview`, no spacer
/// pairs or stacks around one view, and `swift format lint` quiet.
final class RecognizedFixtureCodeTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("RecognizeTests/Fixtures")

    func testCodeFromDrawnScreensNeedsNoCleanup() throws {
        let recognizer = try Recognizer.shipped()
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter {
            $0.hasSuffix(".json")
        }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 5)
        var exported: [ExportFile] = []
        for name in names {
            let canvas = try CanvasFile.parse(try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
            let screen = canvas.screen(id: Screen.mainID)
            let result = try recognizer.recognize(
                screen: screen, strokes: try canvas.strokes(onScreen: screen.id), corrections: [])
            let session = SessionRecognition(seq: 1, screens: [result], links: [], theme: .standard, title: nil)
            let files = SwiftUIGenerator.files(for: session)
            let code = files.map(\.text).joined(separator: "\n")
            for member in MemberNameTests.declaredMembers(files) {
                for element in result.allElements
                where MemberNameTests.idForms(element.id).contains(where: member.hasSuffix) {
                    XCTFail("\(name): \(member) carries the id \(element.id)")
                }
            }
            for element in result.allElements {
                XCTAssertFalse(code.contains("\"\(element.id)\""), "\(name): \(element.id) in data")
            }
            XCTAssertFalse(code.contains("PreviewProvider"), name)
            XCTAssertTrue(code.contains("\n#Preview {\n"), name)
            XCTAssertNil(
                code.firstMatch(of: /HStack\(spacing: 0\) \{\n *Spacer\(\)/), "\(name): alignment by spacers\n\(code)")
            XCTAssertNil(
                code.firstMatch(of: /Stack\([^\n]*\) \{\n *[A-Z][^\n]*\n(?: *\.[^\n]*\n)* *\}\n/),
                "\(name): a stack around one view\n\(code)")
            let folder = name.replacingOccurrences(of: ".json", with: "") + "/"
            exported += files.map { ExportFile(path: folder + $0.path, data: Array($0.text.utf8)) }
        }
        XCTAssertEqual(try SwiftFormatLintTests.lint(exported).findings, [])
    }
}
