import Foundation
import SketchModel
import StrokeLog
import XCTest

@testable import Exporter

/// `swift format lint --strict` with the `.swift-format` the export ships finds nothing in any
/// exported Swift file (screens, app, theme, helpers, the package manifest).
final class SwiftFormatLintTests: XCTestCase {
    /// Lints `files` (written to a fresh folder) with the shipped configuration; the findings.
    static func lint(_ files: [ExportFile]) throws -> (status: Int32, findings: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sketchd-lint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try ExportWriter.write(files, to: folder.path)
        let swiftFiles = files.map(\.path).filter { $0.hasSuffix(".swift") }.map {
            folder.appendingPathComponent($0).path
        }
        let configuration = folder.appendingPathComponent("shipped.swift-format")
        try Data(SwiftFormatConfiguration.file.text.utf8).write(to: configuration)
        let outcome = try SwiftUITypeCheck.runTool(
            ["swift", "format", "lint", "--strict", "--configuration", configuration.path] + swiftFiles)
        let findings = outcome.output.split(separator: "\n").map(String.init).filter {
            $0.contains(": warning: ") || $0.contains(": error: ")
        }
        return (outcome.status, findings)
    }

    private func exported(_ format: ExportFormat, _ recognition: SessionRecognition) throws -> [ExportFile] {
        try SessionExporter.files(
            format, state: SketchedState.state(for: recognition, consent: false), recognition: recognition)
    }

    func testTheSwiftExportShipsTheConfiguration() throws {
        let files = try exported(.swift, Fixtures.login)
        let shipped = try XCTUnwrap(files.first { $0.path == ".swift-format" })
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(shipped.data)) as? [String: Any])
        XCTAssertEqual((json["indentation"] as? [String: Int])?["spaces"], 4)
        XCTAssertNotNil(try exported(.swiftpm, Fixtures.login).first { $0.path.hasSuffix(".swiftpm/.swift-format") })
    }

    func testEveryExportedSwiftFileLintsClean() throws {
        for fixture in Fixtures.everyPath {
            for format in [ExportFormat.swift, .swiftpm] {
                let outcome = try Self.lint(try exported(format, fixture.recognition))
                XCTAssertEqual(outcome.findings, [], "\(fixture.name) \(format)")
                XCTAssertEqual(outcome.status, 0, "\(fixture.name) \(format)")
            }
        }
    }

    /// The check is not vacuous: two-space indentation and an overlong chain are findings.
    func testLintFindsWhatItIsFor() throws {
        var files = try exported(.swift, Fixtures.login)
        let index = try XCTUnwrap(files.firstIndex { $0.path == "LoginScreen.swift" })
        let text = String(decoding: files[index].data, as: UTF8.self)
            .replacingOccurrences(of: "\n    @State", with: "\n  @State")
            .replacingOccurrences(
                of: ".font(Theme.title)",
                with:
                    ".font(Theme.title).bold().italic().underline().kerning(1).tracking(1).monospaced().textCase(.uppercase)"
            )
        files[index] = ExportFile(path: files[index].path, data: Array(text.utf8))
        let findings = try Self.lint(files).findings
        XCTAssertTrue(findings.contains { $0.contains("[Indentation]") }, "\(findings)")
        XCTAssertTrue(findings.contains { $0.contains("[AddLines]") || $0.contains("[LineLength]") }, "\(findings)")
    }
}
