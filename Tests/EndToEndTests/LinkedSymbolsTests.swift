import Foundation
import XCTest

/// The daemon links the recognizer but none of its training, synthesis or evaluation code: those
/// live in `RecognizeTraining`, which only sketchctl, the benchmarks and the tests link.
final class LinkedSymbolsTests: XCTestCase {
    /// Markers of `RecognizeTraining` in mangled symbol names: the module itself, and the types
    /// issue 20 found linked into sketchd before the split.
    private static let trainingMarkers = [
        "17RecognizeTraining", "MLPTrainer", "ScreenBuilder", "ScreenEvaluator", "PrimitiveSynthesizer",
    ]

    func testSketchdLinksNoTrainingSymbol() throws {
        let symbols = try Self.symbols(of: DaemonProcess.binary(named: "sketchd"))
        XCTAssertGreaterThan(symbols.count, 1000, "nm listed the daemon's symbols")
        for marker in Self.trainingMarkers {
            let linked = symbols.filter { $0.contains(marker) }
            XCTAssertTrue(
                linked.isEmpty, "sketchd links \(linked.count) symbols of \(marker), e.g. \(linked.prefix(3))")
        }
    }

    /// The same scan finds every marker in sketchctl, which does link the training module: the
    /// markers are spelt as the linker sees them.
    func testSketchctlLinksTheTrainingModule() throws {
        let symbols = try Self.symbols(of: DaemonProcess.binary(named: "sketchctl"))
        for marker in Self.trainingMarkers {
            XCTAssertTrue(symbols.contains { $0.contains(marker) }, "sketchctl has no symbol of \(marker)")
        }
    }

    /// The names of the symbols `nm` (binutils) lists for `binary`, still mangled.
    private static func symbols(of binary: String) throws -> [Substring] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["nm", "--format=just-symbols", binary]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let listing = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw NMFailure(binary: binary, status: process.terminationStatus) }
        return String(decoding: listing, as: UTF8.self).split(separator: "\n")
    }

    private struct NMFailure: Error {
        let binary: String
        let status: Int32
    }
}
