import Foundation
import SessionProtocol
import WebSocketClient
import XCTest

/// The raw detections travel only to connections that watch them (`watchDetections`, the debug
/// view): everyone else gets `recognition` without them, and nothing when only the detections
/// changed. Skipped when the daemon was built without a recognizer.
final class DetectionsTests: XCTestCase {
    /// The same diagonal line each time (as the peer benchmark draws): after the first few, each
    /// one more changes the screen's detections and nothing else.
    private static func line(id: String) -> [String: Any] {
        let points = (0..<100).map { [Double($0), Double($0 * 2), Double($0 * 8)] }
        return [
            "kind": "strokeAdded",
            "stroke": ["id": id, "points": points, "color": "#1b1f24", "width": 2, "screen": "main"] as [String: Any],
        ]
    }

    /// `message` without its seq and detections: what a connection that does not watch them sees.
    private static func plain(_ message: RecognitionMessage) -> RecognitionMessage {
        var plain = message
        plain.seq = 0
        plain.detections = nil
        return plain
    }

    func testOnlyWatchersGetDetectionsAndNobodyElseHearsOfADetectionOnlyChange() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        let ben = try daemon.client("ben")
        let cai = try daemon.client("cai")
        try ana.join(session: session.session, token: session.edit)
        try ben.join(session: session.session, token: session.edit)
        try cai.join(session: session.session, token: session.view)
        try requireRecognizer(ana)
        try ben.send(.watchDetections(true))

        let box = try XCTUnwrap(try ana.op("ana:box", SketchdClient.box(id: "ana:b1", x: 40, y: 400)).ack).seq
        let watched = try ben.waitFor(\.recognition, timeout: 20) { $0.seq >= box }
        XCTAssertFalse(
            try XCTUnwrap(watched.detections, "a watcher gets the detections").isEmpty, "a box is a detection")
        let unwatched = try cai.waitFor(\.recognition, timeout: 20) { $0.seq >= box }
        XCTAssertNil(unwatched.detections, "a connection that did not ask gets none")
        XCTAssertEqual(Self.plain(unwatched), Self.plain(watched), "and the same result otherwise")

        // One line at a time, each waited for at the watcher, so no run is coalesced away.
        for index in 0..<6 {
            let seq = try XCTUnwrap(try ana.op("ana:l\(index)", Self.line(id: "ana:l\(index)")).ack).seq
            try ben.waitFor(\.recognition, timeout: 20) { $0.seq >= seq }
        }
        let last = try XCTUnwrap(try ana.op("ana:box2", SketchdClient.box(id: "ana:b2", x: 40, y: 600)).ack).seq
        try ben.waitFor(\.recognition, timeout: 20) { $0.seq >= last }
        try cai.waitFor(\.recognition, timeout: 20) { $0.seq >= last }

        let watchedSeqs = ben.received.compactMap(\.recognition).filter { $0.seq >= box }
        let detectionOnly = zip(watchedSeqs, watchedSeqs.dropFirst()).filter { Self.plain($0) == Self.plain($1) }.map {
            $1.seq
        }
        XCTAssertFalse(detectionOnly.isEmpty, "the lines were meant to change only the detections at least once")
        let unwatchedSeqs = Set(cai.received.compactMap(\.recognition).map(\.seq))
        XCTAssertTrue(
            unwatchedSeqs.isDisjoint(with: detectionOnly),
            "a change to the detections alone is news only to watchers: \(detectionOnly) against \(unwatchedSeqs.sorted())"
        )
        XCTAssertTrue(unwatchedSeqs.contains(last), "a change to the elements is news to everyone")

        // Watching stops: the next result comes without detections.
        try ben.send(.watchDetections(false))
        let third = try XCTUnwrap(try ana.op("ana:box3", SketchdClient.box(id: "ana:b3", x: 40, y: 720)).ack).seq
        XCTAssertNil(try ben.waitFor(\.recognition, timeout: 20) { $0.seq >= third }.detections)

        // Watching starts while live: every screen's current result comes at once, with them.
        let before = ben.received.count
        try ben.send(.watchDetections(true))
        let current = try ben.waitFor(\.recognition, timeout: 20)
        XCTAssertGreaterThanOrEqual(current.seq, third)
        XCTAssertNotNil(current.detections)
        XCTAssertGreaterThan(ben.received.count, before)

        // A replay's results follow the same rule.
        try ben.send(["type": "replay", "toSeq": last])
        let watchedReplay = try XCTUnwrap(try ben.waitFor(\.replayState, timeout: 60).recognition)
        XCTAssertFalse(watchedReplay.isEmpty)
        XCTAssertTrue(watchedReplay.allSatisfy { $0.detections != nil }, "a watcher's replay carries the detections")
        try cai.send(["type": "replay", "toSeq": last])
        let replayed = try XCTUnwrap(try cai.waitFor(\.replayState, timeout: 60).recognition)
        XCTAssertFalse(replayed.isEmpty)
        XCTAssertTrue(
            replayed.allSatisfy { $0.detections == nil },
            "a replay carries no detections for a connection that does not watch them")

        // Asked before joining, they come with the results after the catch-up.
        let dan = try daemon.client("dan")
        try dan.send(.watchDetections(true))
        try dan.join(session: session.session, token: session.view)
        XCTAssertNotNil(try dan.waitFor(\.recognition, timeout: 20).detections)
        let eve = try daemon.client("eve")
        try eve.join(session: session.session, token: session.view)
        XCTAssertNil(try eve.waitFor(\.recognition, timeout: 20).detections)
    }

    /// A member that starts watching while a run is under way gets that run's detections too,
    /// even when they are all it changed: the run, started while nobody watched, did not compare
    /// them. Whichever comes first, the run's end or the watch, the watcher ends up with them.
    func testAWatcherThatStartsDuringARunGetsItsDetections() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        let ben = try daemon.client("ben")
        try ana.join(session: session.session, token: session.edit)
        try ben.join(session: session.session, token: session.view)
        try requireRecognizer(ana)
        // A screen that takes a while to recognise, so a watch sent as soon as a stroke is acked
        // tends to arrive while its run is under way.
        for index in 0..<24 {
            let box = SketchdClient.box(
                id: "ana:b\(index)", x: 20 + Double(index % 4) * 90, y: 120 + Double(index / 4) * 70)
            XCTAssertNotNil(try ana.op("ana:box\(index)", box).ack)
        }
        for index in 0..<8 {
            try ben.send(.watchDetections(false))
            let seq = try XCTUnwrap(try ana.op("ana:l\(index)", Self.line(id: "ana:l\(index)")).ack).seq
            try ben.send(.watchDetections(true))
            let watched = try ben.waitFor(\.recognition, timeout: 20) { $0.seq >= seq && $0.detections != nil }
            XCTAssertTrue(
                try XCTUnwrap(watched.detections).contains { $0.strokeIds.contains("ana:l\(index)") },
                "line \(index)'s detections reach the new watcher")
        }
    }

    func testWatchingNeedsHelloFirst() throws {
        let daemon = try DaemonProcess()
        let stranger = try WebSocketClient(port: daemon.port)
        defer { stranger.close() }
        try stranger.send(text: #"{"type":"watchDetections","on":true}"#)
        guard case .text(let text)? = try stranger.receive() else { return XCTFail("no reply") }
        XCTAssertTrue(text.contains("not_ready") && text.contains("hello"), text)
    }
}
