import SketchModel
import SwiftParser
import SwiftParserDiagnostics
import XCTest

@testable import Exporter

/// Every generated file parses without diagnostics, and each golden set type-checks against the
/// minimal SwiftUI interface in SwiftUIStub (real labels and constraints).
final class SwiftUIValidityTests: XCTestCase {
    func testEveryGeneratedFileParsesWithoutDiagnostics() {
        for fixture in Fixtures.everyPath {
            for file in SwiftUIGenerator.files(for: fixture.recognition) {
                let tree = Parser.parse(source: file.text)
                let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
                XCTAssertEqual(diagnostics.map(\.message), [], "\(fixture.name)/\(file.path)")
            }
        }
    }

    func testGoldenSetsTypeCheckAgainstTheSwiftUIInterface() throws {
        for fixture in Fixtures.everyPath {
            let outcome = try SwiftUITypeCheck.check(SwiftUIGenerator.files(for: fixture.recognition))
            XCTAssertEqual(outcome.status, 0, "\(fixture.name):\n\(outcome.output)")
        }
    }

    /// The type check is not vacuous: a wrong label, a missing @State and a List over
    /// non-Identifiable data each fail.
    func testTypeCheckCatchesTheErrorsItIsFor() throws {
        let files = SwiftUIGenerator.files(for: Fixtures.settings)
        let mutations: [(String, String)] = [
            ("TextField(\"Email\", text: $emailField)", "TextField(\"Email\", value: $emailField)"),
            ("@State private var rememberMeCheckbox = true", "private var rememberMeCheckbox = true"),
            ("struct SettingsItem: Identifiable, Hashable {", "struct SettingsItem: Hashable {"),
            ("Slider(value: $slider1)", "Slider(value: slider1)"),
        ]
        let login = SwiftUIGenerator.files(for: Fixtures.login)
        for (original, broken) in mutations {
            let set = original.contains("SettingsItem") || original.contains("Slider") ? files : login
            XCTAssertTrue(set.contains { $0.text.contains(original) }, "fixture no longer contains \(original)")
            let mutated = set.map {
                GeneratedFile(path: $0.path, text: $0.text.replacingOccurrences(of: original, with: broken))
            }
            XCTAssertNotEqual(try SwiftUITypeCheck.check(mutated).status, 0, "accepted: \(broken)")
        }
    }
}
