import Exporter
import Foundation
import StrokeLog
import WebSocketClient
import XCTest

/// `code` and `codeDiff` carry the source map: which lines each recognised element's code takes.
final class SourceMapTests: XCTestCase {
    /// The element id of the recognised element made of `strokeID`.
    private func elementID(_ client: SketchdClient, strokeID: String, seq: Int) throws -> String {
        let recognition = try client.waitFor("recognition", timeout: 30) { ($0["seq"] as? Int ?? 0) >= seq }
        let elements = recognition["elements"] as? [[String: Any]] ?? []
        let element = try XCTUnwrap(elements.first { ($0["strokeIds"] as? [String])?.contains(strokeID) == true }, "\(elements)")
        return element["id"] as! String
    }

    func testTheCodeNamesTheLinesOfEachElementAndDiffsKeepTheMapCurrent() throws {
        let daemon = try DaemonProcess()
        let session = try daemon.newSession()
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        let first = try ana.op("ana:1", SketchdClient.box(id: "ana:b1", x: 40, y: 120))
        let firstID = try elementID(ana, strokeID: "ana:b1", seq: first["seq"] as! Int)
        try ana.send(["type": "getCode"])
        let code = try ana.waitFor("code", timeout: 30) { ($0["seq"] as? Int ?? 0) >= first["seq"] as! Int }
        let files = Dictionary(uniqueKeysWithValues: (code["files"] as! [[String: Any]]).map { ($0["path"] as! String, $0["text"] as! String) })
        let map = try XCTUnwrap(code["sourceMap"] as? [String: [String: [Int]]])
        let (path, ranges) = try XCTUnwrap(map.first { $0.value[firstID] != nil }, "no lines for \(firstID) in \(map)")
        let range = ranges[firstID]!
        let lines = files[path]!.components(separatedBy: "\n")
        XCTAssertTrue(range[0] < range[1] && range[1] <= lines.count, "\(range)")
        let text = lines[range[0]..<range[1]].joined(separator: "\n")
        XCTAssertTrue(text.contains("TextField") || text.contains("Button") || text.contains("Rectangle") || text.contains("Image"), text)

        let second = try ana.op("ana:2", SketchdClient.box(id: "ana:b2", x: 40, y: 400))
        let secondID = try elementID(ana, strokeID: "ana:b2", seq: second["seq"] as! Int)
        let diff = try ana.waitFor("codeDiff", timeout: 30) { ($0["seq"] as? Int ?? 0) >= second["seq"] as! Int }
        let newMap = try XCTUnwrap(diff["sourceMap"] as? [String: [String: [Int]]])
        let both = newMap[path] ?? [:]
        XCTAssertNotNil(both[firstID], "\(newMap)")
        XCTAssertNotNil(both[secondID], "\(newMap)")
        XCTAssertLessThanOrEqual(both[firstID]![1], both[secondID]![0], "the upper box's code comes first")
    }
}
