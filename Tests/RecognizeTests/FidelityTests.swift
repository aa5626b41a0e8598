import Foundation
import SketchModel
import StrokeLog
import XCTest

@testable import Recognize
@testable import RecognizeTraining

/// What other people draw is what they get: text, lists and pickers through the shipped model,
/// drawn the way people draw them (stretched squiggles, stacked lines, real DoodleUINet drawings
/// from the validation fold).
final class FidelityTests: XCTestCase {
    private static let shipped = Result { try Recognizer.shipped() }
    private func recognize(_ strokes: [Stroke]) throws -> [Element] {
        try Self.shipped.get().recognize(screen: .main, strokes: strokes, corrections: []).elements
    }

    /// One stroke through `path`, one point every 2 pt, 8 ms apart, starting at `start` ms.
    private func stroke(_ id: String, _ path: [(Double, Double)], start: Double) -> Stroke {
        Stroke(
            id: id,
            points: Sketch.polyline(path, every: 2).enumerated().map { i, p in
                StrokePoint(x: (p.x * 8).rounded() / 8, y: (p.y * 8).rounded() / 8, t: start + Double(i * 8))
            })
    }

    /// A smooth wave `width` x `height` with a crest about every 14 pt.
    private func wave(_ id: String, x: Double, y: Double, width: Double, height: Double, start: Double) -> Stroke {
        let waves = max(2, (width / 14).rounded())
        let n = Int(waves * 8)
        return stroke(
            id,
            (0...n).map { k in
                let f = Double(k) / Double(n)
                return (x + f * width, y + height / 2 - sin(f * waves * 2 * .pi) * height / 2)
            }, start: start)
    }

    /// A zigzag `width` x `height`, a tooth every 10 pt.
    private func zigzag(_ id: String, x: Double, y: Double, width: Double, height: Double, start: Double) -> Stroke {
        let teeth = max(3, Int(width / 10))
        return stroke(
            id, (0...teeth).map { k in (x + Double(k) * width / Double(teeth), k % 2 == 0 ? y : y + height) },
            start: start)
    }

    func testWavyAndZigzagStrokesAreLabelsAtAnyStretchFromFourPoints() throws {
        // (width, height): up to 15:1, from 4 pt tall; 150 x 9 is the divider.
        for (w, h) in [(150.0, 9.0), (150, 10), (60, 4), (90, 6), (190, 20), (80, 20), (300, 20)] {
            for (kind, s) in [
                ("wave", wave("s", x: 40, y: 300, width: w, height: h, start: 1000)),
                ("zigzag", zigzag("s", x: 40, y: 300, width: w, height: h, start: 1000)),
            ] {
                let elements = try recognize([s])
                XCTAssertEqual(elements.map(\.type), [.label], "\(kind) \(w)x\(h)")
            }
        }
    }

    func testOnlyAStraightStrokeIsADivider() throws {
        let straight = stroke("s", [(30, 400), (360, 401)], start: 1000)
        let bowed = stroke("s", [(30, 400), (195, 404), (360, 400)], start: 1000)
        XCTAssertEqual(try recognize([straight]).map(\.type), [.divider])
        XCTAssertEqual(try recognize([bowed]).map(\.type), [.divider])
        XCTAssertEqual(Waviness(points: straight.points.map { Point2($0.x, $0.y) }).isWavy, false)
    }

    func testStackedSquigglesAreOneParagraph() throws {
        // Drawn a second apart, so grouping does not join them: paragraph joining does.
        let lines = (0..<3).map { i in
            wave(
                "l\(i)", x: 40, y: 300 + Double(i) * 18, width: i == 2 ? 100 : 150, height: 9,
                start: 1000 + Double(i) * 2000)
        }
        let elements = try recognize(lines)
        XCTAssertEqual(elements.map(\.type), [.label])
        XCTAssertEqual(elements.first?.strokeIds, ["l0", "l1", "l2"])
        // Drawn in one go, the lines form one stroke group: still one paragraph, not a box.
        let quick = (0..<3).map { i in
            wave("q\(i)", x: 40, y: 300 + Double(i) * 18, width: 300, height: 12, start: 1000 + Double(i) * 700)
        }
        XCTAssertEqual(try recognize(quick).map(\.type), [.label])
    }

    func testASquiggleCentredInABoxIsTheButtonsTitle() throws {
        let box = stroke("box", [(40, 500), (350, 500), (350, 548), (40, 548), (40, 499)], start: 1000)
        let title = wave("title", x: 135, y: 519, width: 120, height: 10, start: 3000)
        let elements = try recognize([box, title])
        XCTAssertEqual(elements.map(\.type), [.button])
        XCTAssertEqual(elements.first?.children.map(\.type), [.label])
    }

    func testRowsOfAvatarAndTextFormAListWithOrWithoutSeparators() throws {
        for separated in [false, true] {
            var strokes: [Stroke] = []
            var t = 1000.0
            for row in 0..<4 {
                let y = 200 + Double(row) * 80
                if separated && row > 0 {
                    strokes.append(stroke("line\(row)", [(6, y - 14), (384, y - 13)], start: t))
                    t += 1500
                }
                let face: [(Double, Double)] = (0...24).map { k in
                    let angle = Double(k) / 24 * 2 * Double.pi
                    return (60 + 22 * cos(angle), y + 22 + 22 * sin(angle))
                }
                strokes.append(stroke("face\(row)", face, start: t))
                strokes.append(wave("name\(row)", x: 100, y: y + 17, width: 140, height: 10, start: t + 1500))
                t += 3000
            }
            let elements = try recognize(strokes)
            XCTAssertEqual(elements.map(\.type), [.list], "separated: \(separated)")
            XCTAssertEqual(elements.first?.children.count, 4, "separated: \(separated)")
        }
    }

    /// Validation-fold drawings of `label`, the first `count` in file order.
    private func validationDrawings(_ label: String, count: Int) throws -> [[[(Double, Double)]]] {
        let pool = try VendoredData.doodlePool { DrawingSource.real.keeps($0) }
        return Array((pool.drawings[label] ?? []).prefix(count))
    }

    /// A drawing stretched into `r` as strokes `prefix0`, `prefix1`, ...
    private func stretched(_ drawing: [[(Double, Double)]], into r: Rect, prefix: String) -> [Stroke] {
        let all = drawing.flatMap { $0 }
        let minX = all.map(\.0).min()!
        let maxX = all.map(\.0).max()!
        let minY = all.map(\.1).min()!
        let maxY = all.map(\.1).max()!
        return drawing.enumerated().map { i, s in
            stroke(
                "\(prefix)\(i)",
                s.map {
                    (
                        r.minX + ($0.0 - minX) / max(maxX - minX, 1) * r.width,
                        r.minY + ($0.1 - minY) / max(maxY - minY, 1) * r.height
                    )
                },
                start: 1000 + Double(i) * 600)
        }
    }

    func testStretchedDropDownsArePickers() throws {
        let drawings = try validationDrawings("dropDown", count: 30)
        XCTAssertEqual(drawings.count, 30)
        var misread: [String] = []
        for d in drawings {
            let types = try recognize(stretched(d, into: Rect(x: 40, y: 400, width: 200, height: 40), prefix: "d")).map(
                \.type)
            if types != [.picker] { misread.append(types.map(\.rawValue).joined(separator: "+")) }
        }
        XCTAssertLessThanOrEqual(misread.count, 4, "stretched drop-downs misread: \(misread)")
    }

    /// Stretched as wide as a form's field, a drop-down's fence and arrow read as a short word
    /// ("I do", "I to"): still the picker's arrow, not a container's text.
    func testWideStretchedDropDownsArePickersNotBoxedWords() throws {
        let drawings = try validationDrawings("dropDown", count: 200)
        XCTAssertGreaterThan(drawings.count, 100)
        var misread: [String] = []
        for (i, d) in drawings.enumerated() {
            let box =
                i % 2 == 0 ? Rect(x: 27, y: 212, width: 174, height: 34) : Rect(x: 27, y: 232, width: 260, height: 38)
            let types = try recognize(stretched(d, into: box, prefix: "d"))
                .map(\.type)
            if types != [.picker] { misread.append(types.map(\.rawValue).joined(separator: "+")) }
        }
        // 6 of 103 on 2026-11-30; 12 while an arrow the classifier did not know dragged the
        // picker's confidence under its minimum, 16 while the fence and arrow read as a word.
        XCTAssertFalse(misread.contains(""), "a drop-down vanished: \(misread)")
        XCTAssertLessThanOrEqual(misread.count, 7, "stretched drop-downs misread: \(misread)")
    }

    func testStretchedRealSquigglesAreLabels() throws {
        let drawings = try validationDrawings("squiggle", count: 40)
        var labels = 0
        for (i, d) in drawings.enumerated() {
            let width = [100.0, 150, 190, 240][i % 4]
            let aspect = [4.0, 8, 12, 15][(i / 4) % 4]
            if try recognize(
                stretched(d, into: Rect(x: 30, y: 300, width: width, height: max(4, width / aspect)), prefix: "q")
            ).map(\.type) == [.label] {
                labels += 1
            }
        }
        XCTAssertGreaterThanOrEqual(labels, 36, "stretched real squiggles read as labels: \(labels)/40")
    }

    func testALonePillIsAToggleBeforeItsKnobIsDrawn() throws {
        var path: [(Double, Double)] = []
        let (x, y, w, h) = (300.0, 400.0, 52.0, 28.0)
        let r = h / 2
        for k in 0...16 {
            path.append(
                (
                    x + w - r + r * cos(-Double.pi / 2 + Double(k) / 16 * .pi),
                    y + r + r * sin(-Double.pi / 2 + Double(k) / 16 * .pi)
                ))
        }
        for k in 0...16 {
            path.append(
                (
                    x + r + r * cos(Double.pi / 2 + Double(k) / 16 * .pi),
                    y + r + r * sin(Double.pi / 2 + Double(k) / 16 * .pi)
                ))
        }
        path.append(path[0])
        let elements = try recognize([stroke("pill", path, start: 1000)])
        XCTAssertEqual(elements.map(\.type), [.toggle])
        XCTAssertEqual(elements.first?.isOn, false)
    }
}
