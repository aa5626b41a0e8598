import Foundation
import XCTest

/// The package's layering, read from `swift package dump-package`, so a dependency Package.swift
/// gives a module fails here even before anything imports it. The wire does not use the exporter:
/// the daemon computes the code, hunks and previews with Exporter and hands them to
/// SessionProtocol's messages and encoders as SketchModel's values. The recognizer and the
/// exporter take the session model from SessionModel and never reach the store, SQLite or Crypto.
final class PackageGraphTests: XCTestCase {
    func testSessionProtocolUsesStrokeLogAndSketchModelOnly() throws {
        let graph = try PackageGraph.dumped()
        XCTAssertEqual(graph.dependencies(of: "SessionProtocol"), ["SketchModel", "StrokeLog"])
        XCTAssertFalse(
            graph.reachable(from: "SessionProtocol").contains("Exporter"),
            "SessionProtocol depends on Exporter, directly or through another module")
    }

    /// The recognizer, the exporter and the modules they are built on link neither SQLite nor
    /// Crypto, directly or through another module: the model they use is SessionModel's, and the
    /// store (StrokeLog) stays out of them (issue 38).
    func testTheModelsUsersReachNeitherTheStoreNorSQLiteNorCrypto() throws {
        let graph = try PackageGraph.dumped()
        let store: Set = ["StrokeLog", "CSQLite", "Crypto"]
        for target in ["SessionModel", "SketchModel", "Recognize", "RecognizeTraining", "Exporter"] {
            let reached = store.intersection(graph.reachable(from: target))
            XCTAssertTrue(reached.isEmpty, "\(target) reaches \(reached.sorted().joined(separator: ", "))")
        }
    }

    /// The check reads the graph it means to: StrokeLog, the store, reaches SQLite, Crypto and
    /// the model.
    func testTheStoreReachesSQLiteCryptoAndTheModel() throws {
        let reached = try PackageGraph.dumped().reachable(from: "StrokeLog")
        XCTAssertTrue(
            reached.isSuperset(of: ["CSQLite", "Crypto", "SessionModel"]), "StrokeLog reaches \(reached.sorted())")
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
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "package-graph-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package",
        ]
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
            let targets = manifest["targets"] as? [[String: Any]]
        else { throw DumpFailure(status: 0) }
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            let entries = target["dependencies"] as? [[String: Any]] ?? []
            dependencies[name] = Set(
                entries.compactMap { entry in
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
