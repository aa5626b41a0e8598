import Foundation
import XCTest

/// The daemon's folders depend one way (issue 38): a folder that uses a type declared in
/// another is above it, and no folder uses one that uses it back, directly or through others.
/// Today's order, bottom up: Concurrency, Configuration, Limits, Lifecycle, Transport, Sessions,
/// Results, Daemon.
final class DaemonFolderGraphTests: XCTestCase {
    private static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/SessionDaemon")

    func testNoFolderUsesOneThatUsesItBack() throws {
        let uses = try Self.folderUses()
        XCTAssertGreaterThanOrEqual(uses.count, 6, "the daemon's folders were not found at \(Self.sources.path)")
        XCTAssertTrue(uses["Sessions", default: [:]].keys.contains("Transport"), "the scan sees a use it must see")
        for (folder, used) in uses {
            for other in used.keys {
                if let path = Self.path(from: other, to: folder, in: uses) {
                    XCTFail(
                        "\(folder) uses \(other) (\(used[other]!.sorted().prefix(4).joined(separator: ", "))), "
                            + "and \(path.joined(separator: " → ")) uses it back")
                }
            }
        }
    }

    /// Per folder, the other folders whose types its code names, with those names.
    static func folderUses() throws -> [String: [String: Set<String>]] {
        let manager = FileManager.default
        let folders = try manager.contentsOfDirectory(atPath: sources.path).filter {
            var isDirectory: ObjCBool = false
            return manager.fileExists(atPath: sources.appendingPathComponent($0).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        var code: [String: String] = [:]
        var declared: [String: Set<String>] = [:]
        let declaration = try NSRegularExpression(
            pattern: #"^[a-z@() ]*(?:class|struct|enum|protocol|actor)\s+(\w+)"#,
            options: .anchorsMatchLines)
        let comment = try NSRegularExpression(pattern: #"//.*"#)
        for folder in folders {
            let directory = sources.appendingPathComponent(folder)
            let text = try manager.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
                .map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }.joined(
                    separator: "\n")
            let range = NSRange(text.startIndex..., in: text)
            declared[folder] = Set(
                declaration.matches(in: text, range: range).map { String(text[Range($0.range(at: 1), in: text)!]) })
            code[folder] = comment.stringByReplacingMatches(in: text, range: range, withTemplate: "")
        }
        var uses: [String: [String: Set<String>]] = [:]
        for folder in folders {
            let words = Set(code[folder]!.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            for other in folders where other != folder {
                let named = declared[other]!.intersection(words)
                if !named.isEmpty { uses[folder, default: [:]][other] = named }
            }
        }
        return uses
    }

    /// A chain of uses from `start` to `goal`, if there is one.
    private static func path(from start: String, to goal: String, in uses: [String: [String: Set<String>]]) -> [String]?
    {
        var seen: Set<String> = [start]
        var queue: [[String]] = [[start]]
        while !queue.isEmpty {
            let path = queue.removeFirst()
            for next in uses[path.last!, default: [:]].keys.sorted() {
                if next == goal { return path + [next] }
                if seen.insert(next).inserted { queue.append(path + [next]) }
            }
        }
        return nil
    }
}
