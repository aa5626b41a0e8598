import SketchModel
import StrokeLog
import XCTest

@testable import SessionProtocol

/// ``CodeEncoder`` writes the bytes ``JSONWire`` writes for `code` and `codeDiff` messages:
/// texts that need escaping, every kind of file change, source maps of several files, and files
/// taken from its cache when their text did not change.
final class CodeEncoderTests: XCTestCase {
    private var generator = SeededGenerator(seed: 41)

    private func text() -> String {
        let lines = [
            "import SwiftUI", "    Text(\"Sign in\")", "\tlet path = \"a/b\\\\c\"", "", "// é 😀 \u{1}\u{1f}", "}",
        ]
        return (0..<Int.random(in: 0...12, using: &generator)).map { _ in lines.randomElement(using: &generator)! }
            .joined(separator: "\n")
    }

    private func file(_ path: String) -> GeneratedFile {
        let ids = ["e-1", "e-10", "e-9", "E-2", "e-s3/x"].filter { _ in Bool.random(using: &generator) }
        let lines = Dictionary(
            uniqueKeysWithValues: ids.map { id in
                let start = Int.random(in: 0...40, using: &generator)
                return (id, start..<(start + Int.random(in: 0...9, using: &generator)))
            })
        return GeneratedFile(path: path, text: text(), elementLines: lines)
    }

    private func assertSameBytes(
        _ actual: [UInt8], _ expected: [UInt8], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(
            String(decoding: actual, as: UTF8.self), String(decoding: expected, as: UTF8.self), file: file, line: line)
    }

    func testCodeMessagesMatchJSONWireWithAndWithoutCachedFiles() {
        var encoder = CodeEncoder()
        var files = ["Theme.swift", "LoginScreen.swift", "MyApp.swift", "Sub/Dir \"x\".swift"].map(file)
        for version in 1...60 {
            let message = CodeMessage(seq: Int64(version * 7), version: version, files: files)
            assertSameBytes(encoder.encode(message), JSONWire.encode(message))
            let changed = Int.random(in: 0..<files.count, using: &generator)
            files[changed] = file(files[changed].path)
            if version % 10 == 0 { files.append(file("Screen\(version).swift")) }
            if version % 15 == 0 { files.removeFirst() }
        }
    }

    func testCodeDiffMessagesMatchJSONWire() {
        var encoder = CodeEncoder()
        var map = SourceMap(["A.swift", "B.swift", "a.swift"].map(file))
        for version in 2...200 {
            let changes = (0..<Int.random(in: 0...4, using: &generator)).map { index -> CodeDiffMessage.FileChange in
                let path = "F\(index)/\"\(version)\".swift"
                switch Int.random(in: 0...2, using: &generator) {
                case 0: return .init(path: path, deleted: true)
                case 1: return .init(path: path, text: text())
                default:
                    let hunks = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                        DiffHunk(
                            oldStart: Int.random(in: 0...500, using: &generator),
                            oldCount: Int.random(in: 0...9, using: &generator),
                            newStart: Int.random(in: 0...500, using: &generator),
                            newCount: Int.random(in: 0...9, using: &generator),
                            lines: text().split(separator: "\n", omittingEmptySubsequences: false).map { "+" + $0 })
                    }
                    return .init(path: path, hunks: hunks)
                }
            }
            // The map changes every third version: the others take its bytes from the encoder's cache.
            if version % 3 == 0 { map = SourceMap(["A.swift", "B.swift", "a.swift"].map(file)) }
            let message = CodeDiffMessage(
                seq: Int64(version), version: version, baseVersion: version - 1, files: changes, sourceMap: map)
            assertSameBytes(encoder.encode(message), JSONWire.encode(message))
        }
    }
}
