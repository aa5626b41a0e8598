import Exporter
import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// Recognition, code and export over the wire. Skipped when the daemon was built without a
/// recognizer (it then answers `getCode` with `unavailable` and sends no results at all).
final class ResultsTests: XCTestCase {
    func testResultsCarryTheirSeqAndCodeDiffsApplyToTheLastCode() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        let ben = try daemon.client("ben")
        try ana.join(session: session.session, token: session.edit)
        try ben.join(session: session.session, token: session.edit)
        try requireRecognizer(ana)

        let first = try ana.op("ana:1", SketchdClient.box(id: "ana:b1", x: 40, y: 120))
        let firstSeq = try XCTUnwrap(first.ack).seq
        let recognition = try ben.waitFor(\.recognition, timeout: 20) { $0.seq >= firstSeq }
        XCTAssertEqual(recognition.screen, "main")
        XCTAssertNil(recognition.detections, "detections go only to connections that watch them")
        // ben's code so far: the full code once, then he keeps it current from diffs.
        try ben.send(["type": "getCode"])
        var code = try ben.waitFor(\.code, timeout: 20)
        var files = Dictionary(uniqueKeysWithValues: code.files.map { ($0.path, $0.text) })
        var version = code.version

        // More strokes until the code changes; every diff applies to what ben holds.
        var sawDiff = false
        for index in 2...6 where !sawDiff {
            let ack = try ana.op(
                "ana:\(index)", SketchdClient.box(id: "ana:b\(index)", x: 40, y: 120 + Double(index) * 80))
            let seq = try XCTUnwrap(ack.ack).seq
            let deadline = Date().addingTimeInterval(10)
            while deadline.timeIntervalSinceNow > 0, let message = try ben.next(timeout: deadline.timeIntervalSinceNow)
            {
                guard let diff = message.codeDiff else { continue }
                XCTAssertEqual(diff.baseVersion, version)
                for change in diff.files {
                    if change.deleted == true {
                        files[change.path] = nil
                        continue
                    }
                    if let text = change.text {
                        files[change.path] = text
                        continue
                    }
                    files[change.path] = try LineDiff.apply(change.hunks ?? [], to: files[change.path] ?? "")
                }
                version = diff.version
                sawDiff = true
                if diff.seq >= seq { break }
            }
        }
        XCTAssertTrue(sawDiff, "no codeDiff after five more boxes")
        try ben.send(["type": "getCode"])
        code = try ben.waitFor(\.code)
        XCTAssertEqual(code.version, version)
        let full = Dictionary(uniqueKeysWithValues: code.files.map { ($0.path, $0.text) })
        XCTAssertEqual(full, files, "diffs applied in order give the full code")

        // Results never go back in seq.
        let seqs = ben.received.compactMap { $0.recognition?.seq }
        XCTAssertEqual(seqs, seqs.sorted())

        // A late joiner gets recognition and the full code once, after catching up.
        let late = try daemon.client("late")
        try late.join(session: session.session, token: session.view)
        XCTAssertEqual(try late.waitFor(\.recognition).screen, "main")
        XCTAssertEqual(try late.waitFor(\.code).version, version)
    }

    /// Ana, an editor of a fresh session titled `title` in which she has drawn one box (the
    /// daemon is returned so it lives as long as she does).
    private func anaWithABox(title: String) throws -> (daemon: DaemonProcess, ana: SketchdClient) {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession(title: title)
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        try requireRecognizer(ana)
        try ana.op("ana:1", SketchdClient.box(id: "ana:b1", x: 40, y: 120))
        return (daemon, ana)
    }

    func testExportAndConsent() throws {
        let (daemon, ana) = try anaWithABox(title: "Export me")
        defer { withExtendedLifetime(daemon) {} }
        try ana.send(["type": "export", "format": "json"])
        let result = try ana.waitFor(\.exportResult, timeout: 30)
        let json = try XCTUnwrap(Data(base64Encoded: result.base64))
        XCTAssertEqual(result.mime, "application/json", "a one-file export is that file, not a zip")
        XCTAssertTrue(result.filename.hasSuffix(".json"))
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: json))
        try ana.send(["type": "export", "format": "dataset"])
        XCTAssertEqual(try ana.waitFor(\.error, timeout: 30).code.rawValue, "no_consent")
        try ana.send(["type": "export", "format": "figma"])
        XCTAssertEqual(try ana.waitFor(\.error, timeout: 30).code.rawValue, "invalid_event")
    }

    /// Consent given at one seq and withdrawn at the next: a dataset export is refused at the
    /// head and at the seq where consent was given; given again, it is made.
    func testAWithdrawnConsentHoldsForEverySeq() throws {
        let (daemon, ana) = try anaWithABox(title: "Consent")
        defer { withExtendedLifetime(daemon) {} }
        let given = try XCTUnwrap(try ana.op("ana:2", ["kind": "metadataSet", "trainingConsent": true]).ack).seq
        try ana.send(["type": "export", "format": "dataset"])
        XCTAssertEqual(
            try ana.waitFor(\.exportResult, timeout: 30).mime, "application/zip", "consented: the dataset is made")
        _ = try ana.op("ana:3", ["kind": "metadataSet", "trainingConsent": false])
        for toSeq in [nil, given] as [Int64?] {
            var request: [String: Any] = ["type": "export", "format": "dataset"]
            if let toSeq { request["toSeq"] = toSeq }
            try ana.send(request)
            XCTAssertEqual(
                try ana.waitFor(\.error, timeout: 30).code.rawValue, "no_consent",
                "toSeq \(toSeq.map(String.init) ?? "head")")
        }
        try ana.send(["type": "export", "format": "json", "toSeq": given])
        XCTAssertNotNil(try ana.waitFor(\.exportResult, timeout: 30), "other formats at that seq are still made")
    }
}
