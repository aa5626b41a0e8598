import Exporter
import Foundation
import SessionProtocol
import StrokeLog
import WebSocketClient
import XCTest

/// `code` and `codeDiff` carry the source map: which lines each recognised element's code takes.
final class SourceMapTests: XCTestCase {
    /// The element id of the recognised element made of `strokeID`.
    private func elementID(_ client: SketchdClient, strokeID: String, seq: Int64) throws -> String {
        let recognition = try client.waitFor(\.recognition, timeout: 30) { $0.seq >= seq }
        return try XCTUnwrap(recognition.elements.first { $0.strokeIds.contains(strokeID) }, "\(recognition.elements)")
            .id
    }

    func testTheCodeNamesTheLinesOfEachElementAndDiffsKeepTheMapCurrent() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        let first = try ana.op("ana:1", SketchdClient.box(id: "ana:b1", x: 40, y: 120))
        let firstSeq = try XCTUnwrap(first.ack).seq
        let firstID = try elementID(ana, strokeID: "ana:b1", seq: firstSeq)
        try ana.send(["type": "getCode"])
        let code = try ana.waitFor(\.code, timeout: 30) { $0.seq >= firstSeq }
        let files = Dictionary(uniqueKeysWithValues: code.files.map { ($0.path, $0.text) })
        let map = code.sourceMap.lines
        let (path, ranges) = try XCTUnwrap(map.first { $0.value[firstID] != nil }, "no lines for \(firstID) in \(map)")
        let range = try XCTUnwrap(ranges[firstID])
        let lines = try XCTUnwrap(files[path]).components(separatedBy: "\n")
        XCTAssertTrue(!range.isEmpty && range.upperBound <= lines.count, "\(range)")
        let text = lines[range].joined(separator: "\n")
        XCTAssertTrue(
            text.contains("TextField") || text.contains("Button") || text.contains("Rectangle")
                || text.contains("Image"), text)

        let second = try ana.op("ana:2", SketchdClient.box(id: "ana:b2", x: 40, y: 400))
        let secondSeq = try XCTUnwrap(second.ack).seq
        let secondID = try elementID(ana, strokeID: "ana:b2", seq: secondSeq)
        let diff = try ana.waitFor(\.codeDiff, timeout: 30) { $0.seq >= secondSeq }
        let newMap = diff.sourceMap.lines
        let both = newMap[path] ?? [:]
        let upper = try XCTUnwrap(both[firstID], "\(newMap)")
        let lower = try XCTUnwrap(both[secondID], "\(newMap)")
        XCTAssertLessThanOrEqual(upper.upperBound, lower.lowerBound, "the upper box's code comes first")
    }
}
