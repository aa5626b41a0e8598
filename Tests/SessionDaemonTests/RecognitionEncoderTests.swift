import Recognize
import RecognizeTraining
import SessionProtocol
import SketchModel
import StrokeLog
import XCTest

@testable import SessionDaemon

/// The reusing encoder gives exactly JSONWire's bytes, in both forms (with the detections and
/// without), on first sight and when most elements come from its cache.
final class RecognitionEncoderTests: XCTestCase {
    private func messages(strokes: [Stroke], seq: Int64, engine: ShippedResultsEngine) throws -> [RecognitionMessage] {
        var state = SessionState()
        for (index, stroke) in strokes.enumerated() {
            _ = state.apply(
                EventRecord(
                    seq: Int64(index + 1), author: "ana", clientOpID: "ana:\(index)", serverTime: 0,
                    payload: .strokeAdded(stroke)))
        }
        let recognition = try engine.recognize(state, cancellation: CancellationToken())
        return RecognitionMessage.all(recognition, seq: seq, previews: engine.code(for: recognition).previews)
    }

    /// JSONWire's bytes of `messages` without their detections.
    private func withoutDetections(_ messages: [RecognitionMessage]) -> [[UInt8]] {
        messages.map { message in
            var plain = message
            plain.detections = nil
            return JSONWire.encode(plain)
        }
    }

    func testBytesEqualJSONWireWithAndWithoutReuse() throws {
        let engine = try ShippedResultsEngine()
        let screen = ScreenSynthesizer.stacked(elements: 40, seed: 3)
        var encoder = RecognitionEncoder()
        var strokes = screen.strokes
        for step in 0..<4 {
            let fresh = try messages(strokes: strokes, seq: Int64(100 + step), engine: engine)
            XCTAssertGreaterThanOrEqual(
                fresh.flatMap { $0.detections ?? [] }.count, 20, "a real screen, not an empty one")
            let encoded = encoder.encodeMarkingChanges(fresh, withDetections: true)
            XCTAssertEqual(
                encoded.map(\.bytesWithDetections), fresh.map { Optional(JSONWire.encode($0)) }, "step \(step)")
            XCTAssertEqual(encoded.map(\.bytes), withoutDetections(fresh), "step \(step)")
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
        moved[0].detections![0].confidence /= 2
        let encoded = encoder.encodeMarkingChanges(moved, withDetections: true)
        XCTAssertEqual(encoded.map(\.bytesWithDetections), moved.map { Optional(JSONWire.encode($0)) })
        XCTAssertEqual(encoded.map(\.bytes), withoutDetections(moved))
    }

    /// What the daemon broadcasts: a screen is marked changed when anything but its seq differs
    /// from its last message, and only then (with its detections: when anything but the seq and
    /// the detections differs); and whatever changed (a part, a reflow that moves every layout
    /// frame, elements moved or gone), the bytes of both forms are JSONWire's.
    func testMarksAScreenChangedExactlyWhenMoreThanItsSeqChanged() throws {
        let engine = try ShippedResultsEngine()
        let screen = ScreenSynthesizer.stacked(elements: 40, seed: 3)
        var encoder = RecognitionEncoder()
        let before = try messages(strokes: screen.strokes, seq: 1, engine: engine)
        let first = encoder.encodeMarkingChanges(before, withDetections: true)
        XCTAssertEqual(first.map(\.changed), [true], "a screen seen first")
        XCTAssertEqual(first.map(\.changedWithDetections), [true], "a screen seen first")
        var again = before
        again[0].seq = 2
        let same = encoder.encodeMarkingChanges(again, withDetections: true)
        XCTAssertEqual(same.map(\.changed), [false], "the same result at a later seq")
        XCTAssertEqual(same.map(\.changedWithDetections), [false], "the same result at a later seq")
        XCTAssertEqual(same.map(\.bytesWithDetections), again.map { Optional(JSONWire.encode($0)) })
        XCTAssertEqual(same.map(\.bytes), withoutDetections(again))
        let after = try messages(
            strokes: screen.strokes + [ScreenSynthesizer.extraStroke(0, on: screen.screen)], seq: 3, engine: engine)
        XCTAssertEqual(
            encoder.encodeMarkingChanges(after, withDetections: true).map(\.changed), [true], "one more stroke")
        XCTAssertTrue(after[0].elements.contains { !$0.children.isEmpty }, "a screen with containers")
        for change in 0..<8 {
            var edited = after
            edited[0].seq = Int64(10 + change)
            switch change {
            case 0: edited[0].elements[edited[0].elements.count - 1].confidence /= 2
            case 1: edited[0].detections!.swapAt(0, 1)
            case 2: edited[0].readingOrder.reverse()
            case 3: edited[0].preview[edited[0].preview.keys.sorted()[0]]?.strings.append("more")
            case 4: edited[0].layout = .spacer(minLength: 8)
            case 5:
                // A reflow: every layout frame moves, nested ones too, and one element's text changes with it.
                func shifted(_ element: Element) -> Element {
                    var moved = element
                    moved.layoutFrame = Rect(x: 1, y: (element.layoutFrame?.y ?? 0) + 13, width: 300.5, height: 44)
                    moved.children = element.children.map(shifted)
                    return moved
                }
                edited[0].elements = edited[0].elements.map(shifted)
                edited[0].elements[0].text = "reflowed"
            case 6:
                // One element deep inside a container changes: the container's bytes around the
                // reused bytes of its other children.
                let holder = edited[0].elements.firstIndex { !$0.children.isEmpty }!
                edited[0].elements[holder].children[0].text = "nested \"edit\""
                edited[0].elements[holder].children[0].children.append(edited[0].elements[holder].children.last!)
            default:
                edited[0].elements.insert(edited[0].elements.removeLast(), at: 0)
                edited[0].elements.remove(at: 2)
            }
            var fresh = RecognitionEncoder()
            _ = fresh.encodeMarkingChanges(after, withDetections: true)
            let encoded = fresh.encodeMarkingChanges(edited, withDetections: true)
            let onlyDetections = change == 1
            XCTAssertEqual(encoded.map(\.changedWithDetections), [true], "edit \(change)")
            XCTAssertEqual(encoded.map(\.changed), [!onlyDetections], "edit \(change): the form without detections")
            XCTAssertEqual(
                encoded.map(\.bytesWithDetections), edited.map { Optional(JSONWire.encode($0)) }, "edit \(change)")
            XCTAssertEqual(encoded.map(\.bytes), withoutDetections(edited), "edit \(change)")
            let back = fresh.encodeMarkingChanges(after, withDetections: true)
            XCTAssertEqual(back.map(\.changedWithDetections), [true], "and back, edit \(change)")
            XCTAssertEqual(back.map(\.changed), [!onlyDetections], "and back, edit \(change)")
        }
    }

    /// With nobody watching, the detections are not looked at: the form without them is right and
    /// marked changed as before, the form with them is unknown; the first take with them again
    /// writes them and marks them changed.
    func testDetectionsAreLeftAloneWhileNobodyWatchesThem() throws {
        let engine = try ShippedResultsEngine()
        let screen = ScreenSynthesizer.stacked(elements: 40, seed: 3)
        let before = try messages(strokes: screen.strokes, seq: 1, engine: engine)
        let after = try messages(
            strokes: screen.strokes + [ScreenSynthesizer.extraStroke(0, on: screen.screen)], seq: 2, engine: engine)
        var encoder = RecognitionEncoder()
        _ = encoder.encodeMarkingChanges(before, withDetections: true)
        let unwatched = encoder.encodeMarkingChanges(after, withDetections: false)
        XCTAssertEqual(unwatched.map(\.bytes), withoutDetections(after))
        XCTAssertEqual(unwatched.map(\.changed), [true])
        XCTAssertEqual(unwatched.map(\.bytesWithDetections), [nil])

        var again = after
        again[0].seq = 3
        let watched = encoder.encodeMarkingChanges(again, withDetections: true)
        XCTAssertEqual(watched.map(\.changed), [false], "nothing but the seq changed for the form without them")
        XCTAssertEqual(watched.map(\.changedWithDetections), [true], "the detections last written are not these")
        XCTAssertEqual(watched.map(\.bytesWithDetections), again.map { Optional(JSONWire.encode($0)) })
        XCTAssertEqual(encoder.encodeMarkingChanges(again, withDetections: true).map(\.changedWithDetections), [false])
    }
}
