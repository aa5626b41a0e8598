import Foundation
import SketchModel
import XCTest

@testable import Exporter

/// Golden files live in Tests/ExporterTests/Golden/<fixture>/<target>/. To regenerate them after
/// an intended change to the generated code, run
///
///     SKETCHD_UPDATE_GOLDEN=1 swift test --filter ExporterTests.GoldenTests
///
/// and review the diff with `git diff Tests/ExporterTests/Golden` before committing.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static var updating: Bool { ProcessInfo.processInfo.environment["SKETCHD_UPDATE_GOLDEN"] == "1" }

    /// Compares `files` byte for byte with the stored golden set (or rewrites it when updating).
    static func check(_ files: [GeneratedFile], set: String, file: StaticString = #filePath, line: UInt = #line) throws
    {
        let folder = directory.appendingPathComponent(set)
        let manager = FileManager.default
        if updating {
            try? manager.removeItem(at: folder)
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            for generated in files {
                try Data(generated.text.utf8).write(to: folder.appendingPathComponent(generated.path))
            }
            return
        }
        let stored = (try? manager.contentsOfDirectory(atPath: folder.path))?.sorted() ?? []
        XCTAssertEqual(
            stored, files.map(\.path).sorted(), "golden set \(set) lists other files", file: file, line: line)
        for generated in files {
            let url = folder.appendingPathComponent(generated.path)
            guard let data = manager.contents(atPath: url.path) else {
                XCTFail("missing golden file \(set)/\(generated.path)", file: file, line: line)
                continue
            }
            XCTAssertEqual(
                Array(data), Array(generated.text.utf8), "\(set)/\(generated.path) differs from its golden file",
                file: file, line: line)
        }
    }
}
