import Foundation
import StrokeLog
import XCTest

@testable import RecognizeTraining

/// Regenerates the golden canvas files under Fixtures (seed 2026, DoodleUINet pictograms outside
/// the classifier's validation split). Runs only with `WRITE_FIXTURES=path/to/train.ndjson[.gz]`.
final class FixtureWriterTests: XCTestCase {
    func testWriteFixtures() throws {
        guard let doodles = ProcessInfo.processInfo.environment["WRITE_FIXTURES"] else { return }
        let pool = try DoodlePool(ndjson: URL(fileURLWithPath: doodles)) { !ValidationSplit.standard.isValidation($0) }
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        struct Fixture: Encodable {
            let canvas: CanvasFile.Size
            let strokes: [CanvasFile.FileStroke]
            let truth: [TruthElement]
            let intendedLayout: String
        }
        for (name, index) in [
            ("login-form", 0), ("settings-toggles", 1), ("feed-bars", 2), ("flow-main", 3), ("flow-detail", 4),
        ] {
            let screen = ScreenSynthesizer.make(index: index, seed: 2026, pool: pool)
            var file = screen.canvasFile
            if name == "flow-main" {
                // The link: from the submit button off the right edge, onto the next screen.
                let button = screen.truth.first { $0.key == "submit" }!.frame
                let points = (0...30).map { k in
                    StrokePoint(
                        x: ((button.midX + Double(k) * 10) * 8).rounded() / 8, y: button.midY - Double(k),
                        t: 900_000 + Double(k * 8))
                }
                file.strokes.append(.init(id: "link1", points: points, color: "#d1242f"))
            }
            let data = try encoder.encode(
                Fixture(
                    canvas: file.canvas, strokes: file.strokes, truth: screen.truth,
                    intendedLayout: screen.intendedLayout))
            try data.write(to: dir.appendingPathComponent(name + ".json"))
        }
    }
}
