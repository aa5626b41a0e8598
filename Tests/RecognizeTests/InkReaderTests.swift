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
        try JSONDecoder().decode([Case].self, from: Data(contentsOf: Self.fixtures.appendingPathComponent("cases.json")))
    }

    private func tinyModel() throws -> [UInt8] { Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("tiny.skir"))) }

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
                    XCTAssertEqual(Double(output[t, k]), c.logProbabilities[t][k], accuracy: 2e-4, "case \(n) frame \(t) class \(k)")
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
        XCTAssertThrowsError(try InkReaderModel(bytes: damaged)) { XCTAssertEqual($0 as? ModelFileError, .checksumMismatch) }
        XCTAssertThrowsError(try InkReaderModel(bytes: Array(bytes.prefix(40)))) { XCTAssertEqual($0 as? ModelFileError, .checksumMismatch) }
        XCTAssertThrowsError(try InkReaderModel(bytes: Array("SKCL".utf8) + bytes.dropFirst(4))) { XCTAssertEqual($0 as? ModelFileError, .badMagic) }
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
        let frames = [frame(["c": 0.9]), frame(["_": 0.9]), frame(["o": 0.5, "a": 0.45]), frame(["_": 0.9]), frame(["t": 0.9])]
        let search = CTCBeamSearch(frames: frames, alphabet: alphabet)
        let free = search.search(trie: nil)
        XCTAssertEqual(free.first.map { String($0.symbols.map { alphabet.characters[$0] }) }, "cot")
        let trie = WordTrie(words: ["cat", "cab"], alphabet: alphabet)
        let lexical = search.search(trie: trie)
        XCTAssertEqual(lexical.first.map { String($0.symbols.map { alphabet.characters[$0] }) }, "cat")
        XCTAssertLessThan(lexical[0].logProbability, free[0].logProbability)
    }

    func testAWordIsCasedAsAWholeNeverLetterByLetter() {
        XCTAssertEqual(WordCase.cased(Array("email"), upperProbabilities: [0.9, 0.6, 0.3, 0.45, 0.2], spelling: nil), "Email")
        XCTAssertEqual(WordCase.cased(Array("caves"), upperProbabilities: [0.7, 0.2, 0.6, 0.3, 0.45], spelling: nil), "Caves")
        XCTAssertEqual(WordCase.cased(Array("pay"), upperProbabilities: [0.9, 0.8, 0.95], spelling: nil), "PAY")
        XCTAssertEqual(WordCase.cased(Array("send"), upperProbabilities: [0.3, 0.1, 0.2, 0.1], spelling: nil), "send")
        XCTAssertEqual(WordCase.cased(Array("iphone"), upperProbabilities: [0.2, 0.9, 0.2, 0.1, 0.2, 0.1], spelling: "iPhone"), "iPhone")
        XCTAssertEqual(WordCase.cased(Array("42"), upperProbabilities: [nil, nil], spelling: nil), "42")
    }
}
