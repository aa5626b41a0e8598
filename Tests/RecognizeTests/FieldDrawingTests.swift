import Foundation
import SketchModel
import StrokeLog
import XCTest

@testable import Recognize
@testable import RecognizeTraining

/// Text fields against dividers, containers, buttons and written lines, on every DoodleUINet
/// drawing of the classifier's validation fold (drawings it never trained on), drawn on a screen
/// through the shipped recognizer as people draw a search field: a `square` stretched into a
/// long thin box, under a navigation bar, alone or with a placeholder squiggle at its left.
final class FieldDrawingTests: XCTestCase {
    private static let shipped = Result { try Recognizer.shipped() }
    private static let pool = Result { try VendoredData.doodlePool { DrawingSource.real.keeps($0) } }

    /// (width, height) of the fields drawn: the search field's range (34 to 44 pt tall).
    private static let fieldShapes: [(Double, Double)] = [(357, 43), (340, 38), (330, 34)]

    private func drawings(_ label: String) throws -> [[[(Double, Double)]]] {
        let drawings = try Self.pool.get().drawings[label] ?? []
        XCTAssertGreaterThan(drawings.count, 50, "the validation fold holds \(label) drawings")
        return drawings
    }

    /// The elements `drawings` become, drawn in their boxes on one screen (stroke by stroke, with
    /// the real set's pen, a pause between drawings unless they are `inOneGo`), flattened and
    /// sorted by type.
    private func types(of drawings: [(strokes: [[(Double, Double)]], box: Rect)], seed: UInt64, inOneGo: Bool = false)
        throws -> [ElementType]
    {
        var pen = ScreenSketcher(seed: seed)
        for (n, drawing) in drawings.enumerated() {
            if n == 0 || !inOneGo { pen.nextElement() }
            pen.drawing(drawing.strokes, in: drawing.box, tag: "drawing", stretched: true)
        }
        let strokes = pen.take().strokes.enumerated().map {
            Stroke(id: "s\($0.offset + 1)", points: $0.element, screen: Screen.main.id)
        }
        let result = try Self.shipped.get().recognize(screen: .main, strokes: strokes, corrections: [])
        return result.elements.flatMap(\.flattened).map(\.type).sorted { $0.rawValue < $1.rawValue }
    }

    /// Every square drawn as a search field, empty or with its placeholder, is one text field:
    /// not a divider (a box left open at the top), a container or a button (a speck, or a side
    /// begun again at its left end, taken for content). Before issue 21's second pass on fields
    /// 295 of 306 were (0.964); now 305 (0.997).
    func testSquaresDrawnAsSearchFieldsAreTextFields() throws {
        let squares = try drawings("square")
        let squiggles = try drawings("squiggle")
        var fields = 0
        var total = 0
        var misread: [String] = []
        for (n, square) in squares.enumerated() {
            for (k, (width, height)) in Self.fieldShapes.enumerated() {
                let box = Rect(x: (390 - width) / 2, y: 120, width: width, height: height)
                var drawn = [(strokes: square, box: box)]
                if k != 0 {
                    let w = width * 0.3
                    let h = min(w / 8, height * 0.4)
                    drawn.append(
                        (
                            squiggles[(n + k) % squiggles.count],
                            Rect(x: box.minX + 12, y: box.midY - h / 2, width: w, height: h)
                        ))
                }
                let types = try types(of: drawn, seed: UInt64(n))
                total += 1
                if types.filter({ $0 != .label }) == [.textField] {
                    fields += 1
                } else {
                    misread.append("\(n) \(Int(width))x\(Int(height)): \(types)")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(Double(fields) / Double(total), 0.99, "\(fields) of \(total); misread: \(misread)")
    }

    /// Lines of a paragraph drawn one under the other in one go (each squiggle 10:1 to 15:1, half
    /// its height apart) are text, never a field or another box, however many strokes each line
    /// takes.
    func testStackedLinesOfTextAreNoBox() throws {
        let squiggles = try drawings("squiggle")
        var boxes: [String] = []
        for n in squiggles.indices {
            var drawn: [(strokes: [[(Double, Double)]], box: Rect)] = []
            var top = 150.0
            for line in 0..<3 {
                let width = line == 2 ? 200.0 : 300.0
                let height = width / Double(10 + (n + line) % 6)
                drawn.append(
                    (squiggles[(n + line) % squiggles.count], Rect(x: 30, y: top, width: width, height: height)))
                top += height * 1.5
            }
            let types = try types(of: drawn, seed: UInt64(n), inOneGo: true)
            if types.contains(where: { [.textField, .container, .button, .image, .checkbox].contains($0) }) {
                boxes.append("\(n): \(types)")
            }
        }
        XCTAssertEqual(boxes, [])
    }

    /// A navigation bar drawn as a square across the top with its title in the middle is a bar
    /// holding its title, never a field (however the square's strokes were split).
    func testSquaresDrawnAsNavigationBarsAreBars() throws {
        let squares = try drawings("square")
        let squiggles = try drawings("squiggle")
        var misread: [String] = []
        for (n, square) in squares.enumerated() {
            let bar = Rect(x: 5, y: 45, width: 378, height: 58)
            let title = Rect(x: 150, y: 68, width: 90, height: 11)
            let types = try types(of: [(square, bar), (squiggles[n % squiggles.count], title)], seed: UInt64(n))
            if types != [.label, .navigationBar] { misread.append("\(n): \(types)") }
        }
        XCTAssertEqual(misread, [])
    }
}
