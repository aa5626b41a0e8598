import SketchModel
import StrokeLog
import XCTest

@testable import SessionProtocol

/// ``ResultJSON`` writes the bytes ``JSONWire`` writes for elements and detections with every
/// optional field present or absent, strings that need escaping and numbers with exponents.
final class ResultJSONTests: XCTestCase {
    func testElementsAndDetectionsMatchJSONWire() {
        var generator = SeededGenerator(seed: 23)
        func number() -> Double {
            [0, 1, 12.5, -3.25, 1e-7, 2.5e21, Double.random(in: -1_000...1_000, using: &generator)].randomElement(
                using: &generator)!
        }
        func rect() -> Rect { Rect(x: number(), y: number(), width: number(), height: number()) }
        func text() -> String? { ["Sign in", "say \"hi\"\n\\ é", nil].randomElement(using: &generator)! }
        for round in 0..<200 {
            var child = Element(
                id: "e-\(round)c", type: ElementType.allCases.randomElement(using: &generator)!, frame: rect(),
                confidence: number(), strokeIds: ["k\(round)", "k/\(round)"], text: text())
            child.layoutFrame = Bool.random(using: &generator) ? rect() : nil
            var element = Element(
                id: "e-\(round)", type: ElementType.allCases.randomElement(using: &generator)!, frame: rect(),
                confidence: number(),
                strokeIds: Bool.random(using: &generator) ? [] : ["a", "b"], text: text(),
                children: Bool.random(using: &generator) ? [child] : [],
                symbol: Bool.random(using: &generator) ? "gear" : nil,
                role: Bool.random(using: &generator) ? "primary" : nil,
                color: Bool.random(using: &generator) ? "#1f6feb" : nil,
                isOn: [true, false, nil].randomElement(using: &generator)!,
                segments: Bool.random(using: &generator) ? 3 : nil, corrected: Bool.random(using: &generator))
            element.textConfidence = Bool.random(using: &generator) ? number() : nil
            XCTAssertEqual(
                String(decoding: ResultJSON.encode(element), as: UTF8.self),
                String(decoding: JSONWire.encode(element), as: UTF8.self))

            let detection = Detection(
                strokeIds: ["k\(round)"], frame: rect(), label: text() ?? "box", confidence: number(),
                alternatives: (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    .init(label: "x\"y", probability: number())
                },
                kept: Bool.random(using: &generator))
            XCTAssertEqual(
                String(decoding: ResultJSON.encode(detection), as: UTF8.self),
                String(decoding: JSONWire.encode(detection), as: UTF8.self))
        }
    }

    /// Whole numbers take a path of their own (no `description`): the bytes stay JSONWire's on
    /// both sides of every bound it checks (1e15, 1e16, negative zero, one either side of zero).
    func testNumbersMatchJSONWire() {
        var generator = SeededGenerator(seed: 7)
        var values: [Double] = [
            0, -0.0, 1, -1, 9, 10, -10, 99, 100, 0.5, -0.5, 12.125, 1e15 - 1, 1e15, -1e15, 1e15 + 1, 1e16, 2.5e21,
            Double(Int64.max), 4_503_599_627_370_495.5, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        ]
        for _ in 0..<2_000 {
            values.append(Double(Int.random(in: -10_000_000...10_000_000, using: &generator)))
            values.append(Double(Int.random(in: -80_000...80_000, using: &generator)) / 8)
            values.append(Double.random(in: -1e17...1e17, using: &generator).rounded())
        }
        for value in values {
            var out: [UInt8] = []
            XCTAssertTrue(JSONBytes.appendNumber(value, to: &out))
            XCTAssertEqual(
                String(decoding: out, as: UTF8.self),
                String(decoding: JSONWire.encode([value]).dropFirst().dropLast(), as: UTF8.self), "\(value)")
        }
    }
}
