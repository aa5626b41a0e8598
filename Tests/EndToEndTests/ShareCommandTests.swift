import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// `sketchctl import` then `sketchctl share`: the printed links open the session in the daemon.
final class ShareCommandTests: XCTestCase {
    func testSharedTokensOpenAnImportedSession() throws {
        let daemon = try DaemonProcess()
        let canvas = daemon.dataDirectory + "/canvas.json"
        try
            #"{"canvas": {"width": 390, "height": 844}, "strokes": [{"id": "s1", "points": [[10, 10], [100, 10]]}, {"id": "s2", "points": [[10, 50], [100, 50]]}]}"#
            .write(toFile: canvas, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try Self.sketchctl(["import", "--data-dir", daemon.dataDirectory, "--session", "imported", canvas]).status,
            0)

        let noToken = try daemon.client("early")
        try noToken.send(["type": "join", "session": "imported", "token": "", "lastSeq": 0])
        XCTAssertEqual(try noToken.waitFor(\.error).code.rawValue, "bad_token", "no tokens were minted yet")

        let (status, output) = try Self.sketchctl([
            "share", "--data-dir", daemon.dataDirectory, "--session", "imported", "--base-url",
            "http://127.0.0.1:\(daemon.port)/",
        ])
        XCTAssertEqual(status, 0)
        let links = output.split(separator: "\n").map(String.init)
        XCTAssertEqual(links.count, 2)
        XCTAssertTrue(links[0].hasPrefix("edit: http://127.0.0.1:\(daemon.port)/#session=imported&token="))
        let editToken = String(links[0].split(separator: "=").last!)
        let viewToken = String(links[1].split(separator: "=").last!)

        // The daemon reads token digests from the file at each join, so new links work at once.
        let ana = try daemon.client("ana")
        let (joined, _) = try ana.join(session: "imported", token: editToken)
        XCTAssertEqual(joined.role, .edit)
        XCTAssertEqual(Set(ana.state.liveStrokes.map(\.id)), ["s1", "s2"])
        let viewer = try daemon.client("viewer")
        XCTAssertEqual(try viewer.join(session: "imported", token: viewToken).joined.role, .view)
    }

    static func sketchctl(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonProcess.binary(named: "sketchctl"))
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
