import Foundation
import Recognize
import SessionModel
import SketchModel

/// Measures handwriting on words composed from writers held out from training: what the reader
/// reads (case-blind and exact word accuracy, character error rate) and what the whole pipeline
/// makes of the word on a screen (the element type, and the text it carries).
public struct WordEvaluation {
    /// The words written: UI words (most in the lexicon) and open words read letter by letter.
    public static let lexiconWords = [
        "Sign in", "Email", "Password", "Settings", "Log out", "Next", "Cancel", "Save", "Search", "Profile",
        "Continue",
        "Forgot password", "Create account", "Done", "Send", "Home", "Messages", "Notifications", "Privacy", "Help",
        "Edit profile", "Checkout", "Sign up", "Username", "Remember me", "Delete", "Share", "Play", "Add", "Login",
    ]
    /// Names, places and numbers that no lexicon holds.
    public static let openWords = [
        "Step 2", "Room 42", "Anna", "Paris", "Total 19", "Level 3", "Mia", "Tokyo", "Item 7", "Oslo", "Jake", "2024",
        "Max",
        "Order 15", "Lucas",
    ]

    /// One word's outcome.
    public struct Outcome: Sendable, Encodable {
        public var writer: Int
        public var expected: String
        public var boxed: Bool
        public var read: String?
        public var pipelineText: String?
        public var pipelineType: String?
        public var confidence: Double?
        /// The strokes written, for a closer look (`--dump`).
        public var strokes: [Stroke]

        enum CodingKeys: String, CodingKey {
            case writer, expected, boxed, read, pipelineText, pipelineType, confidence
        }
    }

    /// Totals over a set of outcomes.
    public struct Summary: Sendable, Encodable {
        public var words = 0
        /// Reader alone: case-blind and case-kept word accuracy, character error rate (case-blind).
        public var readCaseBlind = 0.0
        public var readExact = 0.0
        public var readCER = 0.0
        /// The whole pipeline on a screen: the same, and the right element type.
        public var pipelineCaseBlind = 0.0
        public var pipelineExact = 0.0
        public var pipelineCER = 0.0
        public var rightType = 0.0

        public init(_ outcomes: [Outcome]) {
            words = outcomes.count
            guard words > 0 else { return }
            let n = Double(words)
            func blind(_ s: String?) -> String { (s ?? "").lowercased() }
            readCaseBlind = Double(outcomes.filter { blind($0.read) == blind($0.expected) }.count) / n
            readExact = Double(outcomes.filter { $0.read == $0.expected }.count) / n
            pipelineCaseBlind = Double(outcomes.filter { blind($0.pipelineText) == blind($0.expected) }.count) / n
            pipelineExact = Double(outcomes.filter { $0.pipelineText == $0.expected }.count) / n
            rightType = Double(outcomes.filter { $0.pipelineType == ($0.boxed ? "button" : "label") }.count) / n
            let letters = Double(outcomes.reduce(0) { $0 + $1.expected.count })
            readCER =
                Double(outcomes.reduce(0) { $0 + EditDistance.between(blind($1.read), blind($1.expected)) }) / letters
            pipelineCER =
                Double(outcomes.reduce(0) { $0 + EditDistance.between(blind($1.pipelineText), blind($1.expected)) })
                / letters
        }
    }

    let composer: WordComposer
    let reader: HandwritingReader
    let recognizer: Recognizer

    /// Creates an evaluation.
    public init(composer: WordComposer, reader: HandwritingReader, recognizer: Recognizer) {
        self.composer = composer
        self.reader = reader
        self.recognizer = recognizer
    }

    /// Writes every word once per writer (a third of them boxed) and scores each.
    public func run(words: [String], seed: UInt64) throws -> [Outcome] {
        var rng = SeededGenerator(seed: seed)
        var outcomes: [Outcome] = []
        for writer in composer.writers {
            for word in words {
                let boxed = rng.chance(1.0 / 3)
                let origin = Point2(rng.uniform(24...150), rng.uniform(140...680))
                guard
                    let written = composer.compose(
                        word, writer: writer, boxed: boxed, origin: origin, idPrefix: "s", using: &rng)
                else { continue }
                outcomes.append(try score(written, writer: writer))
            }
        }
        return outcomes
    }

    /// Reads a written word alone and recognises it on a screen.
    ///
    /// The strokes are read as the log stores them (``Stroke/validated()``: points on the grid of
    /// an eighth of a point), as the daemon reads them.
    public func score(_ written: WordComposer.Composition, writer: Int) throws -> Outcome {
        let writing = Set(written.writingIDs)
        let strokes = try written.strokes.map { try $0.validated() }
        let read = reader.read(
            strokes.filter { writing.contains($0.id) }.map { $0.points.map { Point2($0.x, $0.y) } })
        let screen = Screen(id: Screen.mainID, name: "Main")
        let result = try recognizer.recognize(screen: screen, strokes: strokes, corrections: [])
        let holder = result.elements.flatMap(\.flattened)
            .filter { !writing.isDisjoint(with: $0.strokeIds) }
            .max { (overlap($0, writing), -$0.strokeIds.count) < (overlap($1, writing), -$1.strokeIds.count) }
        let top = result.elements.first { root in root.flattened.contains { $0.id == holder?.id } }
        return Outcome(
            writer: writer, expected: written.text, boxed: written.boxed, read: read?.text,
            pipelineText: top?.flattened.first { $0.text != nil }?.text, pipelineType: top?.type.rawValue,
            confidence: read?.confidence, strokes: strokes)
    }

    private func overlap(_ element: Element, _ ids: Set<String>) -> Int { element.strokeIds.filter(ids.contains).count }
}

/// Levenshtein distance between two strings, by characters.
public enum EditDistance {
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
