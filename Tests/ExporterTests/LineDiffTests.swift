import Foundation
import SketchModel
import StrokeLog
import XCTest

@testable import Exporter

final class LineDiffTests: XCTestCase {
    /// Random texts and random edits (insert, delete, replace, move lines, toggle the final
    /// newline): applying the hunks to the old text gives the new text exactly.
    func testApplyingHunksGivesTheNewTextExactly() throws {
        var random = SeededGenerator(seed: 20_260_522)
        let vocabulary = [
            "", "}", "{", "VStack {", "Text(\"a\")", "Text(\"b\")", "    .padding()", "Spacer()", "// x", " ", "\r",
        ]
        for round in 0..<600 {
            var old = (0..<Int.random(in: 0...40, using: &random)).map { _ in vocabulary.randomElement(using: &random)!
            }
            if Bool.random(using: &random) { old.append("") }
            var new = old
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                let line = vocabulary.randomElement(using: &random)! + (Bool.random(using: &random) ? "" : "\(round)")
                switch Int.random(in: 0..<4, using: &random) {
                case 0: new.insert(line, at: Int.random(in: 0...new.count, using: &random))
                case 1 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &random))
                case 2 where !new.isEmpty: new[Int.random(in: 0..<new.count, using: &random)] = line
                default:
                    if new.last == "" { new.removeLast() } else { new.append("") }
                }
            }
            let oldText = old.joined(separator: "\n")
            let newText = new.joined(separator: "\n")
            let hunks = LineDiff.hunks(from: oldText, to: newText)
            XCTAssertEqual(try LineDiff.apply(hunks, to: oldText), newText, "round \(round)")
            if oldText == newText { XCTAssertTrue(hunks.isEmpty) }
        }
    }

    /// Splitting on the byte gives the hunks splitting on characters gave (for texts without a
    /// `"\r\n"`, the one place they differ), including lines of non-ASCII text.
    func testByteSplitGivesTheHunksOfTheCharacterSplit() {
        var random = SeededGenerator(seed: 19)
        let vocabulary = ["", "}", "VStack {", "Text(\"Grüße\")", "    .padding()", "// é 😀 e\u{301}", "\u{301}"]
        for _ in 0..<300 {
            let old = (0..<Int.random(in: 0...30, using: &random)).map { _ in vocabulary.randomElement(using: &random)!
            }
            var new = old
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                new.insert(vocabulary.randomElement(using: &random)!, at: Int.random(in: 0...new.count, using: &random))
                if new.count > 1, Bool.random(using: &random) {
                    new.remove(at: Int.random(in: 0..<new.count, using: &random))
                }
            }
            let (oldText, newText) = (old.joined(separator: "\n"), new.joined(separator: "\n"))
            let a = oldText.split(separator: "\n", omittingEmptySubsequences: false)
            let b = newText.split(separator: "\n", omittingEmptySubsequences: false)
            let script = MyersDiff.script(oldCount: a.count, newCount: b.count) { a[$0] == b[$1] }
            let byCharacter = HunkBuilder(
                old: { String(a[$0]) }, new: { String(b[$0]) }, script: script, context: LineDiff.context
            ).hunks
            XCTAssertEqual(LineDiff.hunks(from: oldText, to: newText), byCharacter)
        }
    }

    func testTrailingNewlineEdgeCases() throws {
        let cases: [(String, String)] = [
            ("", ""), ("", "a"), ("a", ""), ("a", "a\n"), ("a\n", "a"), ("\n", ""), ("", "\n\n"),
            ("a\nb\n", "a\nb\n\n"), ("x\r\n", "x\n"),
        ]
        for (old, new) in cases {
            XCTAssertEqual(
                try LineDiff.apply(LineDiff.hunks(from: old, to: new), to: old), new,
                "\(old.debugDescription) -> \(new.debugDescription)")
        }
    }

    func testOneChangedLineGivesOneHunkWithContext() {
        let old = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 10\n", with: "line ten\n")
        let hunks = LineDiff.hunks(from: old, to: new)
        XCTAssertEqual(
            hunks,
            [
                DiffHunk(
                    oldStart: 6, oldCount: 7, newStart: 6, newCount: 7,
                    lines: [
                        " line 7", " line 8", " line 9", "-line 10", "+line ten", " line 11", " line 12", " line 13",
                    ])
            ])
    }

    /// A line whose bytes changed is a change even where it reads the same (a title typed with
    /// "é" and then with "e" and a combining accent): the client's copy gets the new bytes.
    func testLinesOfOtherBytesThatReadTheSameAreAChange() throws {
        let old = "Text(\"Caf\u{E9}\")\n}"
        let new = "Text(\"Cafe\u{301}\")\n}"
        XCTAssertEqual(old, new, "Swift's strings compare by canonical equivalence")
        let hunks = LineDiff.hunks(from: old, to: new)
        XCTAssertEqual(
            hunks.flatMap(\.lines).map { Array($0.utf8) },
            ["-Text(\"Caf\u{E9}\")", "+Text(\"Cafe\u{301}\")", " }"].map { Array($0.utf8) })
        XCTAssertEqual(Array(try LineDiff.apply(hunks, to: old).utf8), Array(new.utf8))
    }

    func testJSONKeysMatchTheProtocol() throws {
        let hunk = DiffHunk(oldStart: 1, oldCount: 2, newStart: 1, newCount: 1, lines: [" a", "-b"])
        XCTAssertEqual(
            String(decoding: try CanonicalJSON.encode(hunk), as: UTF8.self),
            #"{"lines":[" a","-b"],"newCount":1,"newStart":1,"oldCount":2,"oldStart":1}"#)
    }

    func testHunksForAnotherVersionAreRefused() {
        let hunks = LineDiff.hunks(from: "a\nb\nc", to: "a\nB\nc")
        XCTAssertThrowsError(try LineDiff.apply(hunks, to: "a\nx\nc")) { error in
            XCTAssertEqual(error as? LineDiffError, .mismatch(hunk: 0, oldLine: 1))
        }
        XCTAssertThrowsError(
            try LineDiff.apply([DiffHunk(oldStart: 9, oldCount: 0, newStart: 9, newCount: 1, lines: ["+z"])], to: "a"))
        XCTAssertThrowsError(
            try LineDiff.apply([DiffHunk(oldStart: 0, oldCount: 0, newStart: 0, newCount: 1, lines: ["?z"])], to: "a"))
    }
}
