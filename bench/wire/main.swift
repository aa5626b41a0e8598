import Dispatch
import Exporter
import Foundation
import Recognize
import RecognizeTraining
import SessionProtocol
import SketchModel
import StrokeLog

// Wire benchmark: what encoding the hot `recognition` message costs the daemon, with Codable
// (`JSONWire`) and with the hand-written `RecognitionEncoder` that reuses unchanged elements,
// and what decoding it as a typed `ServerMessage` costs a Swift client.
// Run: swift run -c release wire-bench [runs]
//
// A 40-element synthetic screen is recognised by the shipped recognizer; each run alternates
// between the screen and the screen plus one stroke, as the daemon sees a stroke and its undo.

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

let runs = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 200
let recognizer = try Recognizer.shipped()
let screen = ScreenSynthesizer.stacked(elements: 40, seed: 3)

func messages(_ strokes: [Stroke], seq: Int64) throws -> [RecognitionMessage] {
    var state = SessionState()
    for (index, stroke) in strokes.enumerated() {
        _ = state.apply(
            EventRecord(
                seq: Int64(index + 1), author: "ana", clientOpID: "ana:\(index)", serverTime: 0,
                payload: .strokeAdded(stroke)))
    }
    let recognition = try recognizer.recognize(session: state)
    return RecognitionMessage.all(recognition, seq: seq, previews: BlueprintPreview.elements(for: recognition))
}

let before = try messages(screen.strokes, seq: 1)
let after = try messages(screen.strokes + [ScreenSynthesizer.extraStroke(0, on: screen.screen)], seq: 2)
let bytes = JSONWire.encode(before[0])
var encoder = RecognitionEncoder()
precondition(
    encoder.encode(before) == before.map { JSONWire.encode($0) }, "the hand-written encoding must equal JSONWire's")
precondition(
    encoder.encode(after) == after.map { JSONWire.encode($0) }, "the hand-written encoding must equal JSONWire's")

var codable: [Double] = []
var reusing: [Double] = []
var decoding: [Double] = []
for run in 0..<runs {
    let current = run % 2 == 0 ? before : after
    codable.append(milliseconds { _ = current.map { JSONWire.encode($0) } })
    reusing.append(milliseconds { _ = encoder.encode(current) })
    decoding.append(try milliseconds { _ = try ServerMessage.decode(bytes) })
}
var withoutDetections = before[0]
withoutDetections.detections = nil
let plainBytes = JSONWire.encode(withoutDetections).count
print(
    "recognition message: \(before[0].elements.count) top-level elements, \(before[0].detections?.count ?? 0) detections, \(bytes.count) bytes (\(plainBytes) without the detections, as connections that do not watch them get it); \(runs) runs, alternating one stroke and its undo"
)
for (label, values) in [
    ("encode, Codable (JSONWire)", codable), ("encode, RecognitionEncoder", reusing),
    ("decode as ServerMessage", decoding),
] {
    print(
        String(
            format: "%-28@ p50 %.3f ms  p99 %.3f ms", label as NSString, percentile(values, 0.5),
            percentile(values, 0.99)))
}
