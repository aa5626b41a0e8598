import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// A viewer's `replay` on a session long enough to hold checkpoints answers what a fold from the
/// first event gives, on both sides of a checkpoint and when the checkpoint is damaged.
final class CheckpointReplayTests: XCTestCase {
    func testReplayAcrossACheckpointEqualsTheFoldFromZero() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop() }
        let session = try daemon.newSession()
        let path = "\(daemon.dataDirectory)/\(session.session).sketch"

        // Another writer on the file, as `sketchctl import` would be: few strokes (so the
        // recognizer stays quick), many moves, undos, redos and corrections past seq 1,000.
        let writer = try SessionDirectory(root: daemon.dataDirectory).open(session.session)
        let strokes = (1...12).map { "s\($0)" }
        _ = try writer.append(
            strokes.enumerated().map { index, id in
                PendingEvent(
                    author: "ana", clientOpID: "ana:\(id)",
                    payload: .strokeAdded(
                        Stroke(
                            id: id,
                            points: [
                                StrokePoint(x: 20, y: Double(40 + index * 50)),
                                StrokePoint(x: 300, y: Double(40 + index * 50), t: 16),
                            ])))
            })
        var n = 0
        while writer.store.lastSeq < 1_130 {
            let batch: [PendingEvent] = (0..<7).map { _ in
                n += 1
                let author = ["ana", "ben"][n % 2]
                let pair = [strokes[n % 12], strokes[(n * 5) % 12]]
                let payload: EventPayload
                switch n % 6 {
                case 0: payload = .undo
                case 1: payload = .redo
                case 2: payload = .labelCorrected(strokeIDs: [pair[0]], label: ["button", "text", "image"][n % 3])
                case 3: payload = .metadataSet(MetadataChange(title: "Take \(n)"))
                default: payload = .strokesMoved(strokeIDs: pair, dx: n % 4 == 0 ? 0.125 : -0.125, dy: 0.25)
                }
                return PendingEvent(author: author, clientOpID: "\(author):\(n)", payload: payload)
            }
            _ = try writer.append(batch)
        }
        let head = writer.store.lastSeq
        XCTAssertTrue(
            try writer.store.storedCheckpoints().contains { $0.seq == 1_000 && $0.digestMatches },
            "the writer stored the checkpoint at 1,000")

        let viewer = try daemon.client("viewer")
        try viewer.join(session: session.session, token: session.view)
        func replayed(_ seq: Int64) throws -> [Stroke] {
            try viewer.send(["type": "replay", "toSeq": seq])
            let answer = try viewer.waitFor(\.replayState, timeout: 60)
            XCTAssertEqual(answer.seq, seq)
            return answer.strokes
        }
        let fromZero = try EventStore(readingExisting: path)
        for seq in [999, 1_000, 1_001, head] as [Int64] {
            let truth = try fromZero.replay(through: seq, fromCheckpoints: false).state
            XCTAssertTrue(truth.liveStrokes.contains { $0.points[0].x != 20 }, "moved strokes at \(seq)")
            XCTAssertEqual(try replayed(seq), truth.liveStrokes, "replay to \(seq)")
        }

        try (writer.store as! EventStore).executeForTesting(
            """
            UPDATE checkpoints SET state = CAST(substr(state, 1, 30)
                || CASE WHEN substr(state, 31, 1) = X'00' THEN X'01' ELSE X'00' END || substr(state, 32) AS BLOB)
            WHERE seq = 1000
            """)
        XCTAssertEqual(try fromZero.replay(through: 1_001).checkpointSeq, 0, "the damaged checkpoint is skipped")
        XCTAssertEqual(
            try replayed(1_001), try fromZero.replay(through: 1_001, fromCheckpoints: false).state.liveStrokes,
            "replay past a damaged checkpoint")
    }
}
