import Foundation
import SessionProtocol
import SketchModel
import XCTest

@testable import SessionDaemon

/// How code versions turn into per-file changes (the hunks themselves come from the exporter's
/// `LineDiff`; here a whole-text replacement stands in for it so only the bookkeeping is tested).
final class PublishedResultsTests: XCTestCase {
    private func wholeText(_ old: String, _ new: String) -> [DiffHunk] {
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let newLines = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return [
            DiffHunk(
                oldStart: 0, oldCount: oldLines.count, newStart: 0, newCount: newLines.count,
                lines: oldLines.map { "-" + $0 } + newLines.map { "+" + $0 })
        ]
    }

    func testChangedAddedAndDeletedFilesInPathOrder() {
        let old = [
            GeneratedFile(path: "A.swift", text: "a"), GeneratedFile(path: "B.swift", text: "b"),
            GeneratedFile(path: "C.swift", text: "c"),
        ]
        let new = [
            GeneratedFile(path: "A.swift", text: "a"), GeneratedFile(path: "B.swift", text: "b2"),
            GeneratedFile(path: "D.swift", text: "d"),
        ]
        let changes = PublishedResults.changes(from: old, to: new, diff: wholeText)
        XCTAssertEqual(changes.map(\.path), ["B.swift", "D.swift", "C.swift"])
        XCTAssertEqual(changes[0].hunks?.first?.lines, ["-b", "+b2"])
        XCTAssertEqual(changes[1].text, "d")
        XCTAssertEqual(changes[2].deleted, true)
    }

    func testNoChangesMeansNoDiff() {
        let files = [GeneratedFile(path: "A.swift", text: "a")]
        XCTAssertTrue(PublishedResults.changes(from: files, to: files, diff: wholeText).isEmpty)
    }

    /// What a worker prepares from a copy of the published results: the first take sends the
    /// full code, a later one a diff whose base is the version members have; a copy taken before
    /// another publication is seen to be stale, so it is never kept over the newer one.
    func testPublicationsPreparedOnACopyKnowWhetherTheirBaseIsStillCurrent() throws {
        let base = PublishedResults()
        var first = base
        let firstUpdate = first.take(
            seq: 3, messages: [], files: [GeneratedFile(path: "A.swift", text: "a")], withDetections: false,
            diff: wholeText)
        XCTAssertEqual(firstUpdate.broadcasts(withDetections: false).count, 1)
        XCTAssertNotNil(try ServerMessage.decode(firstUpdate.broadcasts(withDetections: false)[0]).code)
        XCTAssertEqual(first.encodedCode, firstUpdate.broadcasts(withDetections: false)[0])
        XCTAssertTrue(base.isUnchanged(since: base))
        XCTAssertFalse(
            first.isUnchanged(since: base), "a run started from the empty results is stale once the first is published")

        var second = first
        let secondUpdate = second.take(
            seq: 5, messages: [], files: [GeneratedFile(path: "A.swift", text: "a2")], withDetections: false,
            diff: wholeText)
        let diff = try ServerMessage.decode(try XCTUnwrap(secondUpdate.broadcasts(withDetections: false).last)).codeDiff
        XCTAssertEqual(diff?.baseVersion, 1)
        XCTAssertEqual(diff?.version, 2)
        let late = try ServerMessage.decode(try XCTUnwrap(second.encodedCode)).code
        XCTAssertEqual(late?.seq, 5, "late joiners get the newest code with its seq")
        XCTAssertEqual(
            second.encodedCode,
            JSONWire.encode(CodeMessage(seq: 5, version: 2, files: [GeneratedFile(path: "A.swift", text: "a2")])),
            "the hand-written code message is JSONWire's bytes")
        XCTAssertEqual(
            secondUpdate.broadcasts(withDetections: false).last, JSONWire.encode(try XCTUnwrap(diff)),
            "and so is the diff")

        var older = second
        XCTAssertTrue(
            older.take(seq: 4, messages: [], files: [], withDetections: true, diff: wholeText).broadcasts(
                withDetections: true
            ).isEmpty, "an older result is not news")
    }
}
