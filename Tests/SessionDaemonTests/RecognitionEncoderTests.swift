import Recognize
import RecognizeTraining
import SessionProtocol
import SketchModel
import StrokeLog
import XCTest
@testable import SessionDaemon

/// The reusing encoder gives exactly JSONWire's bytes, on first sight and when most elements
/// come from its cache.
final class RecognitionEncoderTests: XCTestCase {
    private func messages(strokes: [Stroke], seq: Int64, engine: ShippedResultsEngine) throws -> [RecognitionMessage] {
        var state = SessionState()
        for (index, stroke) in strokes.enumerated() {
            _ = state.apply(EventRecord(seq: Int64(index + 1), author: "ana", clientOpID: "ana:\(index)", serverTime: 0,
                                        payload: .strokeAdded(stroke)))
        }
        return RecognitionMessage.all(try engine.recognize(state, cancellation: CancellationToken()), seq: seq)
    }

    func testBytesEqualJSONWireWithAndWithoutReuse() throws {
        let engine = try ShippedResultsEngine()
        let screen = ScreenSynthesizer.stacked(elements: 40, seed: 3)
        var encoder = RecognitionEncoder()
        var strokes = screen.strokes
        for step in 0..<4 {
            let fresh = try messages(strokes: strokes, seq: Int64(100 + step), engine: engine)
            XCTAssertGreaterThanOrEqual(fresh.flatMap(\.detections).count, 20, "a real screen, not an empty one")
            XCTAssertEqual(encoder.encode(fresh), fresh.map { JSONWire.encode($0) }, "step \(step)")
            strokes.append(ScreenSynthesizer.extraStroke(step, on: screen.screen))
        }
        // Elements drawn away come back encoded anew.
        let fewer = try messages(strokes: Array(strokes.prefix(strokes.count / 2)), seq: 200, engine: engine)
        XCTAssertEqual(encoder.encode(fewer), fewer.map { JSONWire.encode($0) })
        // The caches are looked up by id and strokes: an element or detection that changed under
        // the same key is encoded anew.
        var moved = fewer
        moved[0].elements[0].frame.x += 1
        moved[0].elements[1].text = "changed \"text\""
        moved[0].detections[0].confidence /= 2
        XCTAssertEqual(encoder.encode(moved), moved.map { JSONWire.encode($0) })
    }
}
