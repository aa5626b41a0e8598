import SessionProtocol
import StrokeLog
import XCTest

/// ``EventsEncoder`` writes the bytes ``JSONWire`` writes, for canonical strokes (what the log
/// stores), raw numbers (large, tiny, negative, with exponents), strings that need escaping and
/// every other kind of record (which it hands to JSONWire).
final class EventsEncoderTests: XCTestCase {
    private func assertSameBytes(_ records: [EventRecord], file: StaticString = #filePath, line: UInt = #line) {
        let expected = String(decoding: JSONWire.encode(EventsMessage(records: records)), as: UTF8.self)
        XCTAssertEqual(String(decoding: EventsEncoder.encode(records), as: UTF8.self), expected, file: file, line: line)
    }

    private func record(_ seq: Int64, _ payload: EventPayload, author: String = "c0-1") -> EventRecord {
        EventRecord(
            seq: seq, author: author, clientOpID: "st:\(seq)", serverTime: 1_764_000_000_000 + seq, payload: payload)
    }

    func testCanonicalStrokesUndoAndRedoMatchJSONWire() throws {
        var generator = SeededGenerator(seed: 19)
        for seq in 1...300 {
            let points = try (0..<Int.random(in: 1...60, using: &generator)).map { index in
                try StrokePoint.canonical(
                    x: Double.random(in: -5_000...5_000, using: &generator),
                    y: Double.random(in: -5_000...5_000, using: &generator),
                    t: Double(index) * Double.random(in: 0...40, using: &generator),
                    pressure: Bool.random(using: &generator) ? Double.random(in: 0...1, using: &generator) : nil)
            }
            let stroke = try Stroke(
                id: "k\(seq)", points: points, color: "#1F6FEB", width: Double.random(in: 0.5...40, using: &generator)
            ).validated()
            assertSameBytes([
                record(Int64(seq), .strokeAdded(stroke)), record(Int64(seq) + 1, .undo), record(Int64(seq) + 2, .redo),
            ])
        }
    }

    func testNumbersAndStringsJSONWireWritesItsOwnWayStillMatch() {
        let odd: [Double] = [
            0, -0.0, 1e-7, 123_456_789_012_345_678, 1e16, 9_007_199_254_740_993, 0.1, -2.5e-5, 3.0e21, .pi,
        ]
        let points = odd.map { StrokePoint(x: $0, y: -$0, t: $0.magnitude, pressure: $0) }
        let stroke = Stroke(id: "odd \"quoted\" \\ \n é", points: points, color: "#abcdef", width: 1e-9, screen: "s/1")
        assertSameBytes([record(1, .strokeAdded(stroke), author: "tab\there")])
        assertSameBytes([])
    }

    func testEveryOtherKindGoesThroughJSONWire() {
        let others: [EventPayload] = [
            .strokesErased(strokeIDs: ["a", "b"]), .labelCorrected(strokeIDs: ["a"], label: "button"),
            .strokesMerged(strokeIDs: ["a", "b"]), .strokesSplit(strokeIDs: ["a"]),
            .strokesIgnored(strokeIDs: ["a"], ignored: false),
            .textSet(strokeIDs: ["a"], text: "Sign in"), .screenAdded(Screen(id: "s2", name: "Settings")),
            .screenRenamed(screenID: "s2", name: "Prefs"),
            .metadataSet(MetadataChange(title: "T", trainingConsent: true, theme: nil)),
            .recognitionRun(model: "m1", sawSeq: 4), .strokesMoved(strokeIDs: ["a"], dx: 1.5, dy: -2),
        ]
        assertSameBytes(others.enumerated().map { record(Int64($0.offset + 1), $0.element) })
    }
}
