import Foundation
import StrokeLog
import XCTest

@testable import Recognize

/// The ink reader's parts: features, model file and network against what the training code
/// computes (a fixture written by scripts/handwriting/make_parity_fixture.py from a small untrained
/// network), the beam search, and casing a word as a whole.
final class InkReaderTests: XCTestCase {
    private struct Case: Decodable {
        let strokes: [[[Double]]]
        let features: [[Double]]
        let logProbabilities: [[Double]]
    }

    private static let fixtures = VendoredData.root.appendingPathComponent("Tests/RecognizeTests/Fixtures/ink-parity")

    private func cases() throws -> [Case] {
        try JSONDecoder().decode(
            [Case].self, from: Data(contentsOf: Self.fixtures.appendingPathComponent("cases.json")))
    }

    private func tinyModel() throws -> [UInt8] {
        Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("tiny.skir")))
    }

    func testFeaturesAreTheTrainingCodes() throws {
        for (n, c) in try cases().enumerated() {
            let rows = InkFeatures.rows(c.strokes.map { $0.map { Point2($0[0], $0[1]) } })
            XCTAssertEqual(rows.count, c.features.count * InkFeatures.count, "case \(n)")
            for (i, expected) in c.features.joined().enumerated() where i < rows.count {
                XCTAssertEqual(Double(rows[i]), expected, accuracy: 1e-4, "case \(n) value \(i)")
            }
        }
    }

    func testTheNetworkComputesWhatPyTorchComputes() throws {
        let network = InkNetwork(model: try InkReaderModel(bytes: try tinyModel()))
        for (n, c) in try cases().enumerated() {
            let rows = c.features.joined().map { Float($0) }
            let output = network.logProbabilities(rows)
            XCTAssertEqual(output.count, c.logProbabilities.count, "case \(n)")
            for t in 0..<min(output.count, c.logProbabilities.count) {
                for k in 0..<output.classes {
                    XCTAssertEqual(
                        Double(output[t, k]), c.logProbabilities[t][k], accuracy: 2e-4,
                        "case \(n) frame \(t) class \(k)")
                }
            }
        }
    }

    func testAModelFileRoundTripsWithItsCalibrationAndADamagedOneIsRefused() throws {
        let model = try InkReaderModel(bytes: try tinyModel())
        let calibration = InkReaderModel.Calibration(weights: [1, 0.5, 0.2, -0.1], bias: -0.3)
        let bytes = try model.encoded(calibration: calibration)
        let again = try InkReaderModel(bytes: bytes)
        XCTAssertEqual(again.header.calibration, calibration)
        XCTAssertEqual(try again.encoded(calibration: calibration), bytes)
        var damaged = bytes
        damaged[damaged.count / 2] ^= 0x40
        XCTAssertThrowsError(try InkReaderModel(bytes: damaged)) {
            XCTAssertEqual($0 as? ModelFileError, .checksumMismatch)
        }
        XCTAssertThrowsError(try InkReaderModel(bytes: Array(bytes.prefix(40)))) {
            XCTAssertEqual($0 as? ModelFileError, .checksumMismatch)
        }
        XCTAssertThrowsError(try InkReaderModel(bytes: Array("SKCL".utf8) + bytes.dropFirst(4))) {
            XCTAssertEqual($0 as? ModelFileError, .badMagic)
        }
        XCTAssertThrowsError(try ModelFile.decode(bytes)) { XCTAssertEqual($0 as? ModelFileError, .badMagic) }
    }

    func testTheShippedModelNamesItsDataAndTerms() throws {
        let header = try InkReaderModel.shipped().header
        XCTAssertTrue(header.citation?.contains("Liwicki and H. Bunke") ?? false)
        XCTAssertTrue(header.terms?.contains("non-commercial") ?? false)
        XCTAssertNotNil(header.calibration, "the shipped model's confidence is calibrated")
    }

    /// Frames that spell "cat" plainly, and "cot" nearly as well: the free reading follows the
    /// ink, the lexicon's reading is a word.
    func testTheLexiconSearchKeepsToWordsAndTheFreeOneToTheInk() {
        let alphabet = BlindAlphabet(charset: Array("abcotx "))
        func frame(_ probabilities: [Character: Float]) -> [Float] {
            (0..<alphabet.count).map { s in
                let p = s == 0 ? probabilities["_"] ?? 0.001 : probabilities[alphabet.characters[s]] ?? 0.001
                return log(p)
            }
        }
        let frames = [
            frame(["c": 0.9]), frame(["_": 0.9]), frame(["o": 0.5, "a": 0.45]), frame(["_": 0.9]), frame(["t": 0.9]),
        ]
        let search = CTCBeamSearch(frames: frames, alphabet: alphabet)
        let free = search.search(trie: nil)
        XCTAssertEqual(free.first.map { String($0.symbols.map { alphabet.characters[$0] }) }, "cot")
        let trie = WordTrie(words: ["cat", "cab"], alphabet: alphabet)
        let lexical = search.search(trie: trie)
        XCTAssertEqual(lexical.first.map { String($0.symbols.map { alphabet.characters[$0] }) }, "cat")
        XCTAssertLessThan(lexical[0].logProbability, free[0].logProbability)
    }

    /// Frames that read "tee" a little better than "the": held to words weighed by how common
    /// they are, the common word wins; its reading keeps the ink's own probability.
    func testTheCommonWordWinsWhereTheInkIsUnsure() {
        let alphabet = BlindAlphabet(charset: Array("ehot "))
        func frame(_ probabilities: [Character: Float]) -> [Float] {
            (0..<alphabet.count).map { s in
                log(s == 0 ? probabilities["_"] ?? 0.001 : probabilities[alphabet.characters[s]] ?? 0.001)
            }
        }
        let frames = [
            frame(["t": 0.9]), frame(["_": 0.9]), frame(["e": 0.55, "h": 0.4]), frame(["_": 0.9]), frame(["e": 0.9]),
        ]
        let zipf: [String: Float] = ["the": 7.7, "tee": 3.8, "toe": 3.9]
        let trie = WordTrie(words: ["the", "tee", "toe"], alphabet: alphabet) { zipf[$0]! }
        XCTAssertEqual(trie.bestPrior(below: WordTrie.root), 7.7)
        var search = CTCBeamSearch(frames: frames, alphabet: alphabet)
        func text(_ r: CTCBeamSearch.Reading?) -> String? {
            r.map { String($0.symbols.map { alphabet.characters[$0] }) }
        }
        XCTAssertEqual(text(search.search(trie: trie).first), "tee", "without the prior the ink decides")
        search.wordPriorWeight = 0.8
        let readings = search.search(trie: trie)
        XCTAssertEqual(text(readings.first), "the")
        XCTAssertEqual(readings.first?.wordPrior ?? -1, 0, accuracy: 1e-5, "the most common word costs nothing")
        let tee = readings.first { text($0) == "tee" }
        XCTAssertEqual(tee?.wordPrior ?? 0, 0.8 * (3.8 - 7.7), accuracy: 1e-4)
        XCTAssertGreaterThan(tee?.logProbability ?? -.infinity, readings[0].logProbability, "the ink still prefers tee")
    }

    func testAWordIsCasedAsAWholeNeverLetterByLetter() {
        XCTAssertEqual(
            WordCase.cased(Array("email"), upperProbabilities: [0.9, 0.6, 0.3, 0.45, 0.2], spelling: nil), "Email")
        XCTAssertEqual(
            WordCase.cased(Array("caves"), upperProbabilities: [0.7, 0.2, 0.6, 0.3, 0.45], spelling: nil), "Caves")
        XCTAssertEqual(WordCase.cased(Array("pay"), upperProbabilities: [0.9, 0.8, 0.95], spelling: nil), "PAY")
        XCTAssertEqual(WordCase.cased(Array("send"), upperProbabilities: [0.3, 0.1, 0.2, 0.1], spelling: nil), "send")
        XCTAssertEqual(
            WordCase.cased(Array("iphone"), upperProbabilities: [0.2, 0.9, 0.2, 0.1, 0.2, 0.1], spelling: "iPhone"),
            "iPhone")
        XCTAssertEqual(WordCase.cased(Array("42"), upperProbabilities: [nil, nil], spelling: nil), "42")
    }
}
