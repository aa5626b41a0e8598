import Foundation
import SketchModel
import StrokeLog
import XCTest

@testable import Recognize
@testable import RecognizeTraining

/// Random edits of real handwriting (Chars74k writers held out from training), each row a label
/// and a word in a box (most boxes DoodleUINet squares drawn in three or four strokes): strokes
/// added in writing order, erased, added again and moved, each state recognised by a warm
/// recognizer and by a fresh one. The warm one served another session's screen first, as the
/// daemon's one recognizer does, and the screen starts with a button drawn box first: a cache
/// keyed too coarsely (a constant key gives every group the first answer it holds) answers the
/// warm recognizer from the other screen and the fresh one from this one, and the two differ.
extension IncrementalRecognitionTests {
    func testRandomEditsOfHandwritingInBoxesMatchAFullRecognitionAfterEveryStep() throws {
        let drawing = try WrittenWords.make()
        var texts = 0
        for seed: UInt64 in 1...3 {
            var edits = WritingEdits(words: drawing.words, drawn: drawing.first, seed: seed)
            let warm = try freshRecognizer()
            _ = try warm.recognize(screen: WrittenWords.screen, strokes: drawing.elsewhere, corrections: [])
            for step in 0..<80 {
                let edit = edits.editAtRandom()
                let incremental = try warm.recognize(screen: WrittenWords.screen, strokes: edits.live, corrections: [])
                let full = try freshRecognizer().recognize(
                    screen: WrittenWords.screen, strokes: edits.live, corrections: [])
                XCTAssertEqual(try encoded(incremental), try encoded(full), "seed \(seed), step \(step) (\(edit))")
                texts += full.allElements.filter { $0.text != nil }.count
            }
        }
        XCTAssertGreaterThan(texts, 100, "the edits leave writing on the screen to read")
    }
}

/// Words written by held-out writers down a phone screen, two to a row: a label, and right
/// after it a word inside a box (a button), so only the box keeps the two apart.
private enum WrittenWords {
    static let screen = Screen(id: Screen.mainID, name: "Main", width: 390, height: 844)

    /// A row drawn before any edit (its button box first), a row of another session's screen
    /// (box first too), and the other rows' words, each in writing order (letters, then the box).
    static func make() throws -> (first: [Stroke], elsewhere: [Stroke], words: [[Stroke]]) {
        // Squares drawn in three or four sides: no side alone holds the word, so only the
        // outline (``TextFinder/outlineSides(of:)``) keeps the word inside its box.
        let squares = try VendoredData.doodlePool { _ in true }.drawings["square", default: []]
            .filter { $0.count >= 3 }
            .map { $0.map { $0.map { Point2($0.0, $0.1) } } }
        let glyphs = try VendoredData.glyphs().filter { WriterSplit.standard.test.contains($0.writer) }
        let composer = WordComposer(glyphs: glyphs, boxes: squares)
        var rng = SeededGenerator(seed: 7)
        func write(_ text: String, boxed: Bool, at origin: Point2, id: String) throws -> [Stroke] {
            let written = WriterSplit.standard.test.lazy.compactMap { writer in
                composer.compose(text, writer: writer, boxed: boxed, origin: origin, idPrefix: id, using: &rng)
            }.first
            return try XCTUnwrap(written, text).strokes
        }
        func row(_ k: Int, _ words: (String, String)) throws -> (label: [Stroke], button: [Stroke]) {
            let top = 40 + Double(k) * 110
            let label = try write(words.0, boxed: false, at: Point2(20, top), id: "w\(k)a-")
            let button = try write(words.1, boxed: true, at: Point2(0, top), id: "w\(k)b-")
            let labelEnd = label.map(\.bounds.maxX).max()!
            let buttonStart = button.map(\.bounds.minX).min()!
            let dx = labelEnd + 6 - buttonStart
            return (
                label,
                button.map { stroke in
                    var moved = stroke
                    moved.points = stroke.points.map {
                        StrokePoint(x: $0.x + dx, y: $0.y, t: $0.t, pressure: $0.pressure)
                    }
                    return moved
                }
            )
        }
        func boxFirst(_ button: [Stroke], row k: Int) -> [Stroke] {
            let isBox = { (stroke: Stroke) in stroke.id.hasPrefix("w\(k)b-b") }
            return button.filter(isBox) + button.filter { !isBox($0) }
        }
        let first = try row(0, ("Email", "Next"))
        let elsewhere = try row(6, ("Oslo", "Go"))
        let rows = [("Help", "Save"), ("Anna", "Done"), ("Room", "Add"), ("Name", "Send"), ("Mia", "Play")]
        let words = try rows.enumerated().flatMap { k, words in
            let written = try row(k + 1, words)
            return [written.label, written.button]
        }
        return (
            boxFirst(first.button, row: 0) + first.label, boxFirst(elsewhere.button, row: 6) + elsewhere.label, words
        )
    }
}

/// A screen's live strokes edited at random: the next stroke of a word added, a stroke erased,
/// an erased one added again (at the end of drawing order), a stroke or a whole word moved.
private struct WritingEdits {
    private(set) var live: [Stroke] = []
    private var unwritten: [[Stroke]]
    private var erased: [Stroke] = []
    private var random: SeededGenerator

    init(words: [[Stroke]], drawn: [Stroke], seed: UInt64) {
        unwritten = words
        live = drawn
        random = SeededGenerator(seed: seed)
    }

    /// One edit, named for the failure message.
    mutating func editAtRandom() -> String {
        // (A case's `where` guards only its last pattern: each guarded case is one range.)
        switch random.next() % 10 {
        case 0...4: return write()
        case 5...6 where !live.isEmpty:
            erased.append(live.remove(at: pick(live.count)))
            return "erase"
        case 7 where !erased.isEmpty:
            live.append(erased.remove(at: pick(erased.count)))
            return "re-add"
        case 8...9 where !live.isEmpty:
            let word = wordOf(live[pick(live.count)])
            let whole = random.next() % 2 == 0
            let single = live.indices.filter { wordOf(live[$0]) == word }.randomElement(using: &random)!
            let dx = Double(random.next() % 41) - 20
            let dy = Double(random.next() % 41) - 20
            for i in live.indices where whole ? wordOf(live[i]) == word : i == single {
                live[i].points = live[i].points.map {
                    StrokePoint(x: $0.x + dx, y: $0.y + dy, t: $0.t, pressure: $0.pressure)
                }
            }
            return whole ? "move \(word)" : "move \(live[single].id)"
        default: return write()
        }
    }

    /// Adds the next stroke of a word not yet written through, else adds back an erased one.
    private mutating func write() -> String {
        let open = unwritten.indices.filter { !unwritten[$0].isEmpty }
        guard let word = open.randomElement(using: &random) else {
            guard !erased.isEmpty else { return "nothing" }
            live.append(erased.remove(at: pick(erased.count)))
            return "re-add"
        }
        live.append(unwritten[word].removeFirst())
        return "add \(live.last!.id)"
    }

    private func wordOf(_ stroke: Stroke) -> Substring { stroke.id.prefix { $0 != "-" } }

    private mutating func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
}
