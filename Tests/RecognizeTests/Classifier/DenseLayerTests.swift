import XCTest

@testable import Recognize

/// `DenseLayer.apply` sums each output's terms in input order, zero inputs skipped, whatever
/// blocks it works in: its outputs are those of the plain loop to the bit, so a model scores
/// what it scored when it was trained and evaluated.
final class DenseLayerTests: XCTestCase {
    func testOutputsAreThePlainLoopsToTheBit() {
        var generator = SplitMix(seed: 41)
        for outputs in [1, 3, 4, 5, 28, 31, 32, 33, 64, 100, 256] {
            for inputs in [1, 7, 33, 130] {
                let layer = DenseLayer(
                    inputCount: inputs, outputCount: outputs,
                    weights: (0..<(inputs * outputs)).map { _ in generator.float() },
                    bias: (0..<outputs).map { _ in generator.float() })
                for batch in [1, 3] {
                    // A third of the inputs zero, as after a ReLU.
                    let input = (0..<(inputs * batch)).map { _ in generator.next() % 3 == 0 ? 0 : generator.float() }
                    for relu in [false, true] {
                        let got = input.withUnsafeBufferPointer { layer.apply($0, batch: batch, relu: relu) }
                        let expected = Self.plainLoop(layer, input, batch: batch, relu: relu)
                        XCTAssertEqual(
                            got.map(\.bitPattern), expected.map(\.bitPattern),
                            "\(inputs) -> \(outputs), batch \(batch), relu \(relu)")
                    }
                }
            }
        }
    }

    /// The layer as it was first written: the whole output row updated for each input.
    private static func plainLoop(_ layer: DenseLayer, _ input: [Float], batch: Int, relu: Bool) -> [Float] {
        let (n, m) = (layer.inputCount, layer.outputCount)
        var out = [Float](repeating: 0, count: batch * m)
        for r in 0..<batch {
            for j in 0..<m { out[r * m + j] = layer.bias[j] }
            for i in 0..<n {
                let x = input[r * n + i]
                if x == 0 { continue }
                for j in 0..<m { out[r * m + j] += x * layer.weights[i * m + j] }
            }
            if relu { for j in 0..<m where out[r * m + j] < 0 { out[r * m + j] = 0 } }
        }
        return out
    }
}

/// A small seeded generator, so a failure is reproduced exactly.
private struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A float in -1...1 with all its mantissa bits in use.
    mutating func float() -> Float { Float(Double(next() >> 11) / Double(1 << 53) * 2 - 1) }
}
