import Foundation
import SketchModel

@testable import Exporter

/// Type-checks generated SwiftUI files with `swiftc` against the minimal SwiftUI interface in
/// SwiftUIStub/SwiftUI.swift. The stub module is built once per test run.
enum SwiftUITypeCheck {
    struct Outcome {
        var status: Int32
        var output: String
    }

    private static let stubSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("SwiftUIStub/SwiftUI.swift")

    /// The directory holding SwiftUI.swiftmodule, built on first use.
    static let stubModule: Result<URL, Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sketchd-swiftui-stub-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let outcome = try run([
            "-emit-module", "-parse-as-library", "-module-name", "SwiftUI",
            "-emit-module-path", folder.appendingPathComponent("SwiftUI.swiftmodule").path, stubSource.path,
        ])
        guard outcome.status == 0 else { throw StubError(output: outcome.output) }
        return folder
    }

    struct StubError: Error { var output: String }

    /// Runs `swiftc -typecheck` over the files (one call for the whole set).
    static func check(_ files: [GeneratedFile]) throws -> Outcome {
        let module = try stubModule.get()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sketchd-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (index, file) in files.enumerated() {
            let url = folder.appendingPathComponent(file.path)
            try Data(previewsAsFunctions(file.text, tag: "\(index)").utf8).write(to: url)
            paths.append(url.path)
        }
        return try run(["-typecheck", "-parse-as-library", "-I", module.path] + paths)
    }

    /// The text with each top-level `#Preview {` opened as a `@ViewBuilder` function instead: the
    /// stub has the macro's declaration but no plugin to expand it, and the body is type-checked
    /// exactly as the macro's `@ViewBuilder` closure would be.
    static func previewsAsFunctions(_ text: String, tag: String = "") -> String {
        var count = 0
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line == "#Preview {" else { return String(line) }
            count += 1
            return "@MainActor @ViewBuilder func preview\(tag)_\(count)() -> some View {"
        }.joined(separator: "\n")
    }

    static func run(_ arguments: [String]) throws -> Outcome { try runTool(["swiftc"] + arguments) }

    /// Runs a toolchain command found on PATH (`swiftc ...`, `swift format ...`), output and errors together.
    static func runTool(_ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}

extension SwiftUITypeCheck {
    private static let playgroundStub = """
        import SwiftUI
        public final class PlaygroundPage {
            public static let current = PlaygroundPage()
            public func setLiveView<V: View>(_ view: V) {}
        }
        """

    /// Type-checks a playground page (top-level code) against the SwiftUI and PlaygroundSupport stubs.
    static func checkPlayground(_ contents: String) throws -> Outcome {
        let module = try stubModule.get()
        let support = module.appendingPathComponent("PlaygroundSupport.swift")
        if !FileManager.default.fileExists(atPath: module.appendingPathComponent("PlaygroundSupport.swiftmodule").path)
        {
            try Data(playgroundStub.utf8).write(to: support)
            let built = try run([
                "-emit-module", "-parse-as-library", "-module-name", "PlaygroundSupport", "-I", module.path,
                "-emit-module-path", module.appendingPathComponent("PlaygroundSupport.swiftmodule").path, support.path,
            ])
            guard built.status == 0 else { return built }
        }
        let page = module.appendingPathComponent("Contents-\(UUID().uuidString).swift")
        try Data(previewsAsFunctions(contents).utf8).write(to: page)
        defer { try? FileManager.default.removeItem(at: page) }
        return try run(["-typecheck", "-I", module.path, page.path])
    }
}
