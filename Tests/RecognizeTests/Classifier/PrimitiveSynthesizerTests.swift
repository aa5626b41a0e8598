import Recognize
import RecognizeTraining
import SketchModel
import XCTest

final class PrimitiveSynthesizerTests: XCTestCase {
    func testSameSeedSameDrawings() {
        var a = PrimitiveSynthesizer(seed: 42)
        var b = PrimitiveSynthesizer(seed: 42)
        var c = PrimitiveSynthesizer(seed: 43)
        for kind in PrimitiveClass.syntheticPrimitives {
            let x = a.sample(kind)
            let y = b.sample(kind)
            let z = c.sample(kind)
            XCTAssertEqual(x?.strokes, y?.strokes, "\(kind)")
            XCTAssertEqual(x?.frame, y?.frame, "\(kind)")
            XCTAssertNotEqual(x?.strokes, z?.strokes, "\(kind)")
        }
    }

    func testClutterIsSeededAndNearItsFrame() {
        var a = PrimitiveSynthesizer(seed: 8)
        var b = PrimitiveSynthesizer(seed: 8)
        for _ in 0..<30 {
            let x = a.sampleClutter()
            let y = b.sampleClutter()
            XCTAssertEqual(x.strokes, y.strokes)
            XCTAssertFalse(x.strokes.isEmpty)
            XCTAssertTrue(x.strokes.allSatisfy { $0.count >= 2 })
        }
    }

    func testDoodleClassesAreNotSynthesised() {
        var s = PrimitiveSynthesizer(seed: 1)
        XCTAssertNil(s.sample(.star))
        XCTAssertNil(s.draw(.avatar, in: Rect(x: 0, y: 0, width: 10, height: 10)))
    }

    func testDrawingsStayNearTheirFrame() throws {
        var s = PrimitiveSynthesizer(seed: 9)
        for _ in 0..<50 {
            for kind in PrimitiveClass.syntheticPrimitives {
                let sample = try XCTUnwrap(s.sample(kind))
                XCTAssertFalse(sample.strokes.isEmpty)
                let slack = 0.25 * max(sample.frame.width, sample.frame.height) + 4
                for p in sample.strokes.joined() {
                    XCTAssertTrue(
                        p.x >= sample.frame.minX - slack && p.x <= sample.frame.maxX + slack, "\(kind) x \(p.x)")
                    XCTAssertTrue(
                        p.y >= sample.frame.minY - slack && p.y <= sample.frame.maxY + slack, "\(kind) y \(p.y)")
                }
            }
        }
    }

    func testShapesHaveTheirCharacter() throws {
        var s = PrimitiveSynthesizer(seed: 5)
        let wide = Rect(x: 20, y: 100, width: 350, height: 44)
        XCTAssertEqual(try XCTUnwrap(s.draw(.horizontalLine, in: wide)).count, 1)
        let crossed = try XCTUnwrap(s.draw(.crossedBox, in: wide))
        XCTAssertGreaterThanOrEqual(crossed.count, 3)  // box (1, 2 or 4 strokes) plus two diagonals
        for _ in 0..<20 {
            let frame = try XCTUnwrap(s.randomFrame(for: .rectangle, canvas: (390, 844)))
            let aspect = max(frame.width / frame.height, frame.height / frame.width)
            XCTAssertGreaterThanOrEqual(aspect, PrimitiveSynthesizer.rectangleMinimumAspect * 0.99)
        }
    }
}
