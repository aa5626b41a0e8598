import SketchModel
import StrokeLog
import XCTest

@testable import Recognize

/// Two- and three-letter words ("of", "to", "OK", "the") read less surely than longer ones: below
/// their bar, a common one is writing only when the shape classifier sees no shape in its strokes.
final class ShortWordTests: XCTestCase {
    private static let reader = Result { try HandwritingReader.shipped() }

    private func finder() throws -> TextFinder {
        TextFinder(reader: try Self.reader.get(), cache: AnswerCache(capacity: 16))
    }

    private func reading(_ text: String, _ confidence: Double, fromWords: Bool = true, fromLexicon: Bool = false)
        -> ReadText
    {
        ReadText(
            text: text, confidence: confidence, letterCount: text.filter { $0.isLetter || $0.isNumber }.count,
            evidence: ReadingConfidence.Evidence(share: 0.5, fromWords: fromWords, perFrame: -0.1, letters: text.count),
            fromLexicon: fromLexicon)
    }

    func testCommonTwoLetterWordsReadFairlySurelyAreShortWords() throws {
        let finder = try finder()
        XCTAssertTrue(finder.isShortWord(reading("to", 0.7)))
        XCTAssertTrue(finder.isShortWord(reading("of", 0.65)))
        XCTAssertTrue(finder.isShortWord(reading("OK", 0.66, fromLexicon: true)), "a UI word, however rare in books")
    }

    func testRareUnsureOrFreelyReadPairsAreNot() throws {
        let finder = try finder()
        XCTAssertFalse(finder.isShortWord(reading("oe", 0.7)), "rare: pictograms read as these")
        XCTAssertFalse(
            finder.isShortWord(reading("to", 0.6)),
            "under the least confidence for two letters: a fence and an arrow read as \"In\"")
        XCTAssertFalse(finder.isShortWord(reading("to", 0.7, fromWords: false)), "not held to words")
        XCTAssertTrue(finder.isShortWord(reading("the", 0.4)), "a common three-letter word")
        XCTAssertFalse(finder.isShortWord(reading("the", 0.3)), "under the least confidence for three letters")
        XCTAssertFalse(finder.isShortWord(reading("tom", 0.45)), "rare")
        XCTAssertFalse(finder.isShortWord(reading("then", 0.45)), "four letters have their own bar")
        XCTAssertFalse(finder.isShortWord(reading("a b", 0.7)), "two one-letter words")
    }

    private struct FixedClassifier: GroupClassifying {
        let label: GroupLabel
        func classify(_ strokes: [[StrokePoint]], frame: Rect) -> GroupLabel { label }
    }

    private func isWriting(classifiedAs label: GroupLabel, needsShapeCheck: Bool = true, read confidence: Double = 0.6)
        -> Bool
    {
        let pipeline = ScreenPipeline(
            classifier: FixedClassifier(label: label), caches: PipelineCaches(), textFinder: nil)
        let stroke = Stroke(
            id: "w1", points: (0...20).map { k in StrokePoint(x: 40 + Double(k) * 1.5, y: 300 + (k % 4 < 2 ? 0 : 8)) })
        let line = TextFinder.Line(
            inks: [Ink(stroke: stroke, order: 0)], reading: reading("to", confidence), needsShapeCheck: needsShapeCheck)
        return pipeline.isWriting(line, canvas: Rect(x: 0, y: 0, width: 390, height: 844))
    }

    func testAShortWordIsWritingUnlessTheClassifierIsSureOfAShape() {
        XCTAssertTrue(
            isWriting(classifiedAs: GroupLabel(ranked: [LabelScore(label: "star", probability: 0.3)], isUnknown: true)))
        XCTAssertTrue(isWriting(classifiedAs: GroupLabel(ranked: [LabelScore(label: "squiggle", probability: 0.95)])))
        XCTAssertTrue(
            isWriting(classifiedAs: GroupLabel(ranked: [LabelScore(label: "dot", probability: 0.99)])),
            "a dot is no shape to stand against a word (\"in\" read as one)")
        XCTAssertTrue(isWriting(classifiedAs: GroupLabel(ranked: [LabelScore(label: "switch", probability: 0.6)])))
        XCTAssertFalse(isWriting(classifiedAs: GroupLabel(ranked: [LabelScore(label: "switch", probability: 0.98)])))
        XCTAssertFalse(isWriting(classifiedAs: GroupLabel(ranked: [LabelScore(label: "plus", probability: 0.99)])))
    }

    func testTheClassifierMustBeSurerOfItsShapeThanTheReaderOfItsWord() {
        let play = GroupLabel(ranked: [LabelScore(label: "play", probability: 0.8)])
        XCTAssertTrue(isWriting(classifiedAs: play, read: 0.84), "a written pair read at 0.84")
        XCTAssertFalse(isWriting(classifiedAs: play, read: 0.65), "a pictogram read as a word at 0.65")
    }

    func testSurelyReadWritingIsNeverAskedAboutShapes() {
        XCTAssertTrue(
            isWriting(
                classifiedAs: GroupLabel(ranked: [LabelScore(label: "plus", probability: 0.99)]), needsShapeCheck: false
            ))
    }
}

/// A letter written high or low at a word's end (a t's stem and bar above the small letters
/// beside it) joins the word's run through the run's band, though it shares no band with its
/// neighbour; a word on the next line and one far along the row do not.
final class RunsAlongALineTests: XCTestCase {
    func testAHighFinalLetterJoinsTheRunOfItsWord() {
        let frames = [
            Rect(x: 30, y: 322, width: 10, height: 30),  // a tall letter: the run's band reaches up
            Rect(x: 45, y: 330, width: 40, height: 12),  // small letters
            Rect(x: 90, y: 331, width: 20, height: 12),
            Rect(x: 114, y: 317, width: 3, height: 14),  // the final t's stem, high: 1 pt in the small letters' band
            Rect(x: 112, y: 324, width: 14, height: 4),  // its bar
            Rect(x: 30, y: 400, width: 60, height: 14),  // the next line
            Rect(x: 200, y: 330, width: 40, height: 12),  // far along the row
        ]
        XCTAssertFalse(TextFinder.sameLine(frames[2], frames[3]), "the stem shares no band with its neighbour")
        var sets = DisjointSets(count: frames.count)
        for (i, j) in [(0, 1), (1, 2)] { sets.union(i, j) }
        TextFinder.joinRunsAlongTheirLines(
            &sets, candidates: Array(frames.indices), frames: frames, holders: Array(repeating: [], count: frames.count)
        )
        XCTAssertEqual(Set((0...4).map { sets.find($0) }).count, 1, "the stem and the bar join the word")
        XCTAssertNotEqual(sets.find(5), sets.find(0))
        XCTAssertNotEqual(sets.find(6), sets.find(0))
    }

    /// People dot an i high: a dot up to twice its word's height above it joins the word's run,
    /// though it shares no band with it and is beyond ``TextFinder/sameLine(_:_:)``'s reach from
    /// its stem; a dot further up, or beside the word, does not.
    func testAnIDotSetHighJoinsItsWord() {
        let frames = [
            Rect(x: 120, y: 214, width: 11, height: 10.5),  // "i" joined up with the start of "n"
            Rect(x: 133, y: 211, width: 7, height: 13),  // the rest of the "n"
            Rect(x: 128.75, y: 196, width: 4, height: 2),  // the dot, 13 pt above: over 1.2 stem heights
            Rect(x: 125, y: 170, width: 3, height: 3),  // a dot far above
            Rect(x: 170, y: 200, width: 3, height: 3),  // a dot beside the word
        ]
        XCTAssertFalse(TextFinder.sameLine(frames[0], frames[2]))
        var sets = DisjointSets(count: frames.count)
        sets.union(0, 1)
        TextFinder.joinRunsAlongTheirLines(
            &sets, candidates: Array(frames.indices), frames: frames, holders: Array(repeating: [], count: frames.count)
        )
        XCTAssertEqual(sets.find(2), sets.find(0), "the dot joins its word")
        XCTAssertTrue(
            TextFinder.isHighDot(
                Rect(x: 186, y: 446, width: 1, height: 1), of: Rect(x: 188, y: 443, width: 26, height: 30)),
            "a dot just left of a word with a tall t, below the t's top, is the i's")

        // "in" written in one stroke is a run of one stroke too: its dot joins it.
        let joinedUp = [Rect(x: 182, y: 385, width: 44, height: 14), Rect(x: 200, y: 368, width: 1, height: 1)]
        var oneStroke = DisjointSets(count: 2)
        TextFinder.joinRunsAlongTheirLines(&oneStroke, candidates: [0, 1], frames: joinedUp, holders: [[], []])
        XCTAssertEqual(oneStroke.find(1), oneStroke.find(0), "the dot joins a word written in one stroke")
        XCTAssertNotEqual(sets.find(3), sets.find(0))
        XCTAssertNotEqual(sets.find(4), sets.find(0))
    }

    func testRunsInDifferentBoxesStayApart() {
        let frames = [Rect(x: 30, y: 330, width: 40, height: 12), Rect(x: 74, y: 330, width: 30, height: 12)]
        var sets = DisjointSets(count: 2)
        TextFinder.joinRunsAlongTheirLines(&sets, candidates: [0, 1], frames: frames, holders: [[7], [9]])
        XCTAssertNotEqual(sets.find(0), sets.find(1))
    }
}

/// A long flat wave may be a squiggle drawn for placeholder text, and must then read surely as
/// words; one with a dot over it is a word written joined up ("in", "time"), read as any word.
final class PlaceholderWaveTests: XCTestCase {
    private func inks(_ sketch: Sketch) -> [Ink] { sketch.strokes.enumerated().map { Ink(stroke: $1, order: $0) } }

    func testAWaveIsAPlaceholderUnlessADotSitsOverIt() {
        var wave = Sketch()
        wave.squiggle("wave", 40, 300, 60, height: 12)
        XCTAssertTrue(AtomRefiner.isLongWave(inks(wave)[0]), "the test's wave is a long wave")
        XCTAssertTrue(TextFinder.mayBePlaceholder(inks(wave)))

        var dotted = wave
        dotted.rect("dot", 52, 290, 2, 2)
        XCTAssertFalse(TextFinder.mayBePlaceholder(inks(dotted)))

        var dotBeside = wave
        dotBeside.rect("dot", 120, 290, 2, 2)
        XCTAssertTrue(TextFinder.mayBePlaceholder(inks(dotBeside)), "a dot beyond the wave's width is not its")
    }
}

/// A word a sure shape outweighed stands when that shape made no element.
final class VetoedWordTests: XCTestCase {
    private func line(_ ids: [String]) -> TextFinder.Line {
        let inks = ids.enumerated().map { order, id in
            Ink(stroke: Stroke(id: id, points: [StrokePoint(x: 10, y: 10), StrokePoint(x: 20, y: 18)]), order: order)
        }
        let reading = ReadText(
            text: "but", confidence: 0.79, letterCount: 3,
            evidence: ReadingConfidence.Evidence(share: 0.5, fromWords: true, perFrame: -0.1, letters: 3),
            fromLexicon: false)
        return TextFinder.Line(inks: inks, reading: reading, needsShapeCheck: true)
    }

    func testAWordWhoseShapeMadeNoElementStandsAndOneInAnElementDoesNot() {
        let frame = Rect(x: 0, y: 0, width: 40, height: 20)
        let child = Element(id: "c", type: .icon, frame: frame, confidence: 0.9, strokeIds: ["k1"])
        let elements = [
            Element(id: "p", type: .picker, frame: frame, confidence: 0.9, strokeIds: ["p1", "p2"]),
            Element(id: "b", type: .container, frame: frame, confidence: 0.9, strokeIds: ["b1"], children: [child]),
        ]
        let lines = [line(["w1", "w2"]), line(["w3", "p2"]), line(["k1"]), line(["w4"])]
        let standing = ScreenPipeline.unshown(lines, among: elements).map { $0.inks.map(\.id) }
        XCTAssertEqual(standing, [["w1", "w2"], ["w4"]], "a stroke in an element or a child's keeps the shape")
        XCTAssertTrue(ScreenPipeline.unshown([], among: elements).isEmpty)
    }
}
