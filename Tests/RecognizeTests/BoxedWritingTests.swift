import SketchModel
import StrokeLog
import XCTest

@testable import Recognize

/// Words written inside a box drawn as people draw boxes: the box's top side drawn apart from the
/// rest, a speck where the pen set down on its edge, a box only a little taller than its words,
/// or a box the classifier is unsure of. The words stay the box's title.
final class BoxedWritingTests: XCTestCase {
    private static let reader = Result { try HandwritingReader.shipped() }
    private let canvas = Rect(x: 0, y: 0, width: 390, height: 844)

    private func stroke(_ id: String, _ path: [(Double, Double)], every spacing: Double = 2) -> Stroke {
        Stroke(id: id, points: Sketch.polyline(path, every: spacing))
    }

    /// A letter-sized zig-zag at `x`, `height` tall, its top at `top`.
    private func letter(_ id: String, x: Double, top: Double, height: Double = 22) -> Stroke {
        Stroke(
            id: id, points: (0...8).map { k in StrokePoint(x: x + Double(k) * 2.5, y: top + (k % 2 == 0 ? 0 : height)) }
        )
    }

    /// A reading of `text` at `confidence`, held to words.
    private func reading(_ text: String, _ confidence: Double) -> ReadText {
        let letters = text.filter { $0.isLetter || $0.isNumber }.count
        return ReadText(
            text: text, confidence: confidence, letterCount: letters,
            evidence: .init(share: 0.8, fromWords: true, perFrame: -0.1, letters: text.count), fromLexicon: false)
    }

    /// `sketch` composed with its stroke `writing` read as `reading` and every other stroke an
    /// atom of its own, classified as the sketch says.
    private func compose(_ sketch: Sketch, writing: Int, as reading: ReadText) -> [Part] {
        let inks = sketch.strokes.enumerated().map { Ink(stroke: $1, order: $0) }
        let classifier = sketch.classifier
        let classify = { (group: StrokeGroup) in classifier.classify(group.inks.map(\.points), frame: self.canvas) }
        let atoms = inks.indices.map { i in
            i == writing
                ? Atom(writing: TextFinder.Line(inks: [inks[i]], reading: reading))
                : Atom(group: StrokeGroup([inks[i]]), label: classify(StrokeGroup([inks[i]])))
        }
        return Composer(canvas: canvas, classifyWhole: classify).compose(atoms)
    }

    /// The box drawn as three sides in one stroke (left, bottom, right) with its top side drawn
    /// apart and a speck on the top edge: all three are its outline, the letters are held.
    func testASideDrawnApartAndASpeckOnTheEdgeAreTheBoxsOutline() throws {
        let strokes = [
            letter("a", x: 230, top: 400, height: 39), letter("b", x: 250, top: 416),
            stroke("top", [(199, 386), (290, 384)]),
            stroke("sides", [(208, 385), (208, 456), (290, 456), (290, 385)]),
            Stroke(id: "speck", points: [StrokePoint(x: 213, y: 384), StrokePoint(x: 213.5, y: 384)]),
        ]
        let inks = strokes.enumerated().map { Ink(stroke: $1, order: $0) }
        let finder = TextFinder(reader: try Self.reader.get(), cache: AnswerCache())
        let found = finder.boxes(around: inks, groups: inks.map { StrokeGroup([$0]) })
        XCTAssertEqual(found.outlines, [2, 3, 4], "the top side and the speck are the outline's")
        XCTAssertEqual(found.holders[0], [3], "the letters are held by the box")
        XCTAssertEqual(found.holders[1], [3])
    }

    /// A rectangle drawn in four sides only a quarter taller than the tall letters it holds (a
    /// t and an h, 56 pt, in an 83 pt box) still holds them; a stroke that is no rectangle needs
    /// half again their height.
    func testARectangleNeedsLessHeadroomThanAnyStroke() throws {
        let strokes = [
            letter("t", x: 230, top: 552, height: 56), letter("h", x: 285, top: 553, height: 50),
            stroke("left", [(198, 540), (198, 622)]), stroke("top", [(198, 540), (326, 540)]),
            stroke("bottom", [(198, 622), (330, 622)]), stroke("right", [(330, 540), (330, 622)]),
        ]
        let inks = strokes.enumerated().map { Ink(stroke: $1, order: $0) }
        let finder = TextFinder(reader: try Self.reader.get(), cache: AnswerCache())
        let found = finder.boxes(
            around: inks, groups: [StrokeGroup([inks[0]]), StrokeGroup([inks[1]]), StrokeGroup(Array(inks[2...]))])
        XCTAssertEqual(found.outlines, [2, 3, 4, 5])
        XCTAssertEqual(found.holders[0], [2])

        let open = [
            letter("t", x: 230, top: 552, height: 56), letter("h", x: 285, top: 553, height: 50),
            stroke("cup", [(198, 540), (205, 622), (325, 622), (330, 540)]),
        ]
        let openInks = open.enumerated().map { Ink(stroke: $1, order: $0) }
        let notABox = finder.boxes(around: openInks, groups: openInks.map { StrokeGroup([$0]) })
        XCTAssertEqual(notABox.holders[0], [], "a cup 1.46 times as tall as the letters is no box")
    }

    /// A box the classifier is unsure of holding words read as writing: the whole is never taken
    /// for a widget (a switch), and the words stay the button's title.
    func testAnUnsureBoxHoldingWordsStaysAButtonWithItsTitle() {
        var sketch = Sketch()
        sketch.rect("box", 204, 182, 106, 46)
        sketch.squiggle("word", 217, 194, 80, height: 20)
        sketch.whole(["box", "word"], "toggle")
        let inks = sketch.strokes.enumerated().map { Ink(stroke: $1, order: $0) }
        let reading = ReadText(
            text: "waste", confidence: 0.95, letterCount: 5,
            evidence: .init(share: 0.9, fromWords: true, perFrame: -0.1, letters: 5), fromLexicon: false)
        let unsureBox = Atom(
            group: StrokeGroup([inks[0]]),
            label: GroupLabel(ranked: [
                LabelScore(label: "square", probability: 0.48), LabelScore(label: "rectangle", probability: 0.45),
            ]))
        XCTAssertTrue(unsureBox.isUnsure)
        let writing = Atom(writing: TextFinder.Line(inks: [inks[1]], reading: reading))
        let classifier = sketch.classifier
        let composer = Composer(canvas: canvas) { group in
            classifier.classify(group.inks.map(\.points), frame: self.canvas)
        }
        let parts = composer.compose([unsureBox, writing])
        XCTAssertEqual(parts.map(\.type), [.button])
        XCTAssertEqual(parts.first?.element.children.first?.text, "waste")
    }

    /// Words read in a box with a mark on their line that the reader did not take with them (the
    /// last letters of a word, read as a line): a button titled with the words, not a container.
    func testWritingWithAMarkOnItsLineIsAButton() {
        var sketch = Sketch()
        sketch.rect("box", 24, 144, 300, 60)
        sketch.squiggle("word", 60, 164, 150, height: 24)
        sketch.line("mark", 230, 176, 250, 177, label: "horizontalLine")
        let parts = compose(sketch, writing: 1, as: reading("very se", 0.7))
        XCTAssertEqual(parts.map(\.type), [.button])
        XCTAssertEqual(parts.first?.element.children.map(\.text), ["very se"])

        var below = Sketch()
        below.rect("box", 24, 144, 300, 90)
        below.squiggle("word", 60, 164, 150, height: 24)
        below.line("mark", 230, 214, 250, 215, label: "horizontalLine")
        XCTAssertEqual(
            compose(below, writing: 1, as: reading("very se", 0.7)).map(\.type), [.container],
            "a mark below the words is not on their line")
    }

    /// A word read surely in a box no larger than a checkbox ("in" in a 40 by 32 pt box) is the
    /// box's title: a button, not a ticked checkbox; a mark read as one letter is still a tick.
    func testSurelyReadWritingInASmallBoxIsAButton() {
        var sketch = Sketch()
        sketch.rect("box", 64, 262, 40, 32)
        sketch.squiggle("word", 73, 270, 22, height: 14)
        let titled = compose(sketch, writing: 1, as: reading("in", 0.88))
        XCTAssertEqual(titled.map(\.type), [.button])
        XCTAssertEqual(titled.first?.element.children.map(\.text), ["in"])
        XCTAssertEqual(
            compose(sketch, writing: 1, as: reading("in", 0.6)).map(\.type), [.checkbox],
            "an unsure reading may be a tick")
    }

    /// A box drawn round in two strokes, each a corner and two sides that wobble off the edge (a
    /// hand going round twice): both are its outline, and it holds the words.
    func testABoxTracedInTwoWobblyCornersHoldsItsWords() throws {
        func wobbly(_ id: String, _ corners: [(Double, Double)]) -> Stroke {
            let points = Sketch.polyline(corners, every: 2).enumerated().map { k, p in
                StrokePoint(x: p.x + (k % 6 < 3 ? 0 : 6), y: p.y + (k % 10 < 5 ? 0 : 7))
            }
            return Stroke(id: id, points: points)
        }
        let strokes = [
            letter("a", x: 110, top: 216, height: 40), letter("b", x: 160, top: 228), letter("c", x: 210, top: 226),
            wobbly("topRight", [(76, 210), (253, 210), (253, 263)]),
            wobbly("leftBottom", [(78, 208), (78, 262), (255, 262)]),
        ]
        let inks = strokes.enumerated().map { Ink(stroke: $1, order: $0) }
        XCTAssertFalse(
            StrokeGrouper.isOutline(inks[3], of: Rect.union(inks.map(\.frame))!), "too wobbly for an outline")
        let finder = TextFinder(reader: try Self.reader.get(), cache: AnswerCache())
        let found = finder.boxes(
            around: inks,
            groups: [
                StrokeGroup([inks[0]]), StrokeGroup([inks[1]]), StrokeGroup([inks[2]]), StrokeGroup(Array(inks[3...])),
            ])
        XCTAssertEqual(found.outlines, [3, 4])
        XCTAssertEqual(found.holders[1], [3])
    }

    /// A box's top side drawn again apart from it, read as a line along that side, is more of its
    /// outline: the box with words in it is a button, not a container with a divider.
    func testALineAlongTheBoxsTopIsItsOutline() {
        var sketch = Sketch()
        sketch.rect("box", 136, 540, 216, 100)
        sketch.squiggle("words", 154, 570, 176, height: 40)
        sketch.line("top", 156, 541, 339, 543, label: "horizontalLine")
        let parts = compose(sketch, writing: 1, as: reading("Harvey is", 0.94))
        XCTAssertEqual(parts.map(\.type), [.button])
        XCTAssertEqual(parts.first?.element.children.map(\.text), ["Harvey is"])
    }
}
