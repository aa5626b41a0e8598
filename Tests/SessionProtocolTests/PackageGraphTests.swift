import Foundation
import XCTest

/// The wire does not use the exporter: the daemon computes the code, hunks and previews with
/// Exporter and hands them to SessionProtocol's messages and encoders as SketchModel's values.
/// Read from `swift package dump-package`, so a dependency Package.swift gives the module fails
/// here even before anything imports it.
final class PackageGraphTests: XCTestCase {
    func testSessionProtocolUsesStrokeLogAndSketchModelOnly() throws {
        let graph = try PackageGraph.dumped()
        XCTAssertEqual(graph.dependencies(of: "SessionProtocol"), ["SketchModel", "StrokeLog"])
        XCTAssertFalse(graph.reachable(from: "SessionProtocol").contains("Exporter"), "SessionProtocol depends on Exporter, directly or through another module")
    }

    /// The check reads the graph it means to: the daemon, which does compute with the exporter,
    /// reaches it.
    func testTheDaemonReachesTheExporter() throws {
        XCTAssertTrue(try PackageGraph.dumped().reachable(from: "SessionDaemon").contains("Exporter"))
    }
}

/// The package's targets and what each depends on by name (targets of this package, products of
/// others), as `swift package dump-package` gives them.
private struct PackageGraph {
    private var dependencies: [String: Set<String>] = [:]

    /// The graph of the package these tests belong to. Its manifest is read with a scratch
    /// directory of its own: `swift test` holds the package's `.build` for as long as it runs.
    static func dumped() throws -> PackageGraph {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("package-graph-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let json = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw DumpFailure(status: process.terminationStatus) }
        return try PackageGraph(json: json)
    }

    /// The graph in `dump-package`'s JSON: each dependency is `{"byName": [name, …]}`,
    /// `{"target": [name, …]}` or `{"product": [name, package, …]}`.
    init(json: Data) throws {
        guard let manifest = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let targets = manifest["targets"] as? [[String: Any]] else { throw DumpFailure(status: 0) }
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            let entries = target["dependencies"] as? [[String: Any]] ?? []
            dependencies[name] = Set(entries.compactMap { entry in
                ["byName", "target", "product"].lazy.compactMap { (entry[$0] as? [Any])?.first as? String }.first
            })
        }
    }

    /// What `target` names in its `dependencies`, sorted.
    func dependencies(of target: String) -> [String] { (dependencies[target] ?? []).sorted() }

    /// Everything `target` depends on, directly or through the package's other targets.
    func reachable(from target: String) -> Set<String> {
        var found: Set<String> = []
        var pending = Array(dependencies[target] ?? [])
        while let next = pending.popLast() {
            guard found.insert(next).inserted else { continue }
            pending += dependencies[next] ?? []
        }
        return found
    }

    /// `swift package dump-package` failed, or gave something that is not a manifest (`status` 0).
    struct DumpFailure: Error {
        let status: Int32
    }
}
