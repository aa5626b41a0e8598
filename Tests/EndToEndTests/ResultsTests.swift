import Exporter
import Foundation
import StrokeLog
import WebSocketClient
import XCTest

/// Recognition, code and export over the wire. Skipped when the daemon was built without a
/// recognizer (it then answers `getCode` with `unavailable` and sends no results at all).
final class ResultsTests: XCTestCase {
    private func requireRecognizer(_ client: SketchdClient) throws {
        try client.send(["type": "getCode"])
        while let message = try client.next(timeout: 5) {
            if message["type"] as? String == "code" { return }
            if message["type"] as? String == "error", message["code"] as? String == "unavailable",
               (message["message"] as? String)?.contains("no recognizer") == true {
                throw XCTSkip("this sketchd build has no recognizer wired in")
            }
            if message["type"] as? String == "error" { return }
        }
    }

    func testResultsCarryTheirSeqAndCodeDiffsApplyToTheLastCode() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana"), ben = try daemon.client("ben")
        try ana.join(session: session.session, token: session.edit)
        try ben.join(session: session.session, token: session.edit)
        try requireRecognizer(ana)

        let first = try ana.op("ana:1", SketchdClient.box(id: "ana:b1", x: 40, y: 120))
        let firstSeq = first["seq"] as! Int
        let recognition = try ben.waitFor("recognition", timeout: 20) { ($0["seq"] as? Int ?? 0) >= firstSeq }
        XCTAssertEqual(recognition["screen"] as? String, "main")
        XCTAssertNotNil(recognition["detections"] as? [Any])
        XCTAssertNotNil(recognition["layout"])
        // ben's code so far: the full code once, then he keeps it current from diffs.
        try ben.send(["type": "getCode"])
        var code = try ben.waitFor("code", timeout: 20)
        var files = Dictionary(uniqueKeysWithValues: (code["files"] as! [[String: Any]]).map { ($0["path"] as! String, $0["text"] as! String) })
        var version = code["version"] as! Int

        // More strokes until the code changes; every diff applies to what ben holds.
        var sawDiff = false
        for index in 2...6 where !sawDiff {
            let ack = try ana.op("ana:\(index)", SketchdClient.box(id: "ana:b\(index)", x: 40, y: 120 + Double(index) * 80))
            let seq = ack["seq"] as! Int
            let deadline = Date().addingTimeInterval(10)
            while deadline.timeIntervalSinceNow > 0, let message = try ben.next(timeout: deadline.timeIntervalSinceNow) {
                guard message["type"] as? String == "codeDiff" else { continue }
                XCTAssertEqual(message["baseVersion"] as? Int, version)
                for change in message["files"] as! [[String: Any]] {
                    let path = change["path"] as! String
                    if change["deleted"] as? Bool == true { files[path] = nil; continue }
                    if let text = change["text"] as? String { files[path] = text; continue }
                    let hunks = try JSONDecoder().decode([DiffHunk].self, from: JSONSerialization.data(withJSONObject: change["hunks"]!))
                    files[path] = try LineDiff.apply(hunks, to: files[path] ?? "")
                }
                version = message["version"] as! Int
                sawDiff = true
                if (message["seq"] as? Int ?? 0) >= seq { break }
            }
        }
        XCTAssertTrue(sawDiff, "no codeDiff after five more boxes")
        try ben.send(["type": "getCode"])
        code = try ben.waitFor("code")
        XCTAssertEqual(code["version"] as? Int, version)
        let full = Dictionary(uniqueKeysWithValues: (code["files"] as! [[String: Any]]).map { ($0["path"] as! String, $0["text"] as! String) })
        XCTAssertEqual(full, files, "diffs applied in order give the full code")

        // Results never go back in seq.
        let seqs = ben.received.filter { $0["type"] as? String == "recognition" }.compactMap { $0["seq"] as? Int }
        XCTAssertEqual(seqs, seqs.sorted())

        // A late joiner gets recognition and the full code once, after catching up.
        let late = try daemon.client("late")
        try late.join(session: session.session, token: session.view)
        XCTAssertEqual(try late.waitFor("recognition")["screen"] as? String, "main")
        XCTAssertEqual(try late.waitFor("code")["version"] as? Int, version)
    }

    func testExportAndConsent() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession(title: "Export me")
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        try requireRecognizer(ana)
        try ana.op("ana:1", SketchdClient.box(id: "ana:b1", x: 40, y: 120))
        try ana.send(["type": "export", "format": "json"])
        let result = try ana.waitFor("exportResult", timeout: 30)
        let json = try XCTUnwrap(Data(base64Encoded: result["base64"] as! String))
        XCTAssertEqual(result["mime"] as? String, "application/json", "a one-file export is that file, not a zip")
        XCTAssertTrue((result["filename"] as? String)?.hasSuffix(".json") ?? false)
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: json))
        try ana.send(["type": "export", "format": "dataset"])
        XCTAssertEqual(try ana.waitFor("error", timeout: 30)["code"] as? String, "no_consent")
        try ana.send(["type": "export", "format": "figma"])
        XCTAssertEqual(try ana.waitFor("error", timeout: 30)["code"] as? String, "invalid_event")
    }
}
