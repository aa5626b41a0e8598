import SketchModel
import StrokeLog
import XCTest

@testable import Exporter

/// Every screen is previewed with `#Preview { ... }` (Xcode 15 and later), never with a
/// `PreviewProvider` struct, in the SwiftUI files and in both app packages.
final class PreviewMacroTests: XCTestCase {
    private func exported(_ format: ExportFormat, _ recognition: SessionRecognition) throws -> [String: String] {
        let files = try SessionExporter.files(
            format, state: SketchedState.state(for: recognition, consent: false), recognition: recognition)
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.data, as: UTF8.self)) })
    }

    func testEveryScreenFileEndsWithAPreviewMacro() throws {
        for fixture in Fixtures.everyPath {
            for screen in BlueprintBuilder.app(for: fixture.recognition).screens {
                let file = try XCTUnwrap(
                    SwiftUIGenerator.files(for: fixture.recognition).first { $0.path == screen.typeName + ".swift" })
                XCTAssertFalse(file.text.contains("PreviewProvider"), "\(fixture.name)/\(file.path)")
                let preview = try XCTUnwrap(file.text.range(of: "\n#Preview {\n"), "\(fixture.name)/\(file.path)")
                XCTAssertTrue(
                    file.text[preview.upperBound...].contains("\(screen.typeName)()"), "\(fixture.name)/\(file.path)")
                XCTAssertTrue(file.text.hasSuffix("\n}\n"), "\(fixture.name)/\(file.path)")
            }
        }
    }

    func testAPushedScreenIsPreviewedInsideANavigationStack() throws {
        let text = try XCTUnwrap(
            SwiftUIGenerator.files(for: Fixtures.twoScreenFlow).first { $0.path == "ProfileDetailsScreen.swift" }
        ).text
        XCTAssertTrue(
            text.hasSuffix("#Preview {\n    NavigationStack {\n        ProfileDetailsScreen()\n    }\n}\n"), text)
    }

    func testAppPackagesUsePreviewMacros() throws {
        let package = try exported(.swiftpm, Fixtures.twoScreenFlow)
        let screens = package.filter { $0.key.hasSuffix("Screen.swift") }
        XCTAssertEqual(screens.count, 3)
        for (path, text) in screens {
            XCTAssertFalse(text.contains("PreviewProvider"), path)
            XCTAssertEqual(text.components(separatedBy: "\n#Preview {\n").count, 2, path)
        }
        // Macros need Swift 5.9.
        XCTAssertTrue(package["ProfileFlow.swiftpm/Package.swift"]?.hasPrefix("// swift-tools-version: 5.9\n") == true)
        let playground = try XCTUnwrap(
            exported(.playground, Fixtures.twoScreenFlow)["ProfileFlow.playground/Contents.swift"])
        XCTAssertFalse(playground.contains("PreviewProvider"))
        XCTAssertEqual(playground.components(separatedBy: "\n#Preview {\n").count, 4)
    }
}
