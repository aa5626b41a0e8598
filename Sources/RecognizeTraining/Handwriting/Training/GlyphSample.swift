import Foundation
import Recognize

/// One handwritten character (or a drawing that is none) with its writer.
public struct GlyphSample: Sendable, Hashable {
    /// Stable id (`chars74k/upper-S/7`, a DoodleUINet id, or a composed pair's ids).
    public var id: String
    /// The writer (Chars74k's writer number; 0 for drawings that are not characters).
    public var writer: Int
    /// The character; nil for "none of them".
    public var glyph: Character?
    /// The strokes, in drawing order.
    public var strokes: [[Point2]]

    /// Creates a sample.
    public init(id: String, writer: Int, glyph: Character?, strokes: [[Point2]]) {
        self.id = id
        self.writer = writer
        self.glyph = glyph
        self.strokes = strokes
    }
}

/// Which Chars74k writers train, calibrate and measure: a split by writer, so every figure is
/// measured on hands the model never saw.
public struct WriterSplit: Sendable, Hashable {
    /// Writers trained on.
    public var training: ClosedRange<Int>
    /// Writers the temperature and the reader's thresholds are fitted on.
    public var validation: ClosedRange<Int>
    /// Writers only measured on (`sketchctl evaluate-words`).
    public var test: ClosedRange<Int>

    /// The split of the shipped model: 28 writers train, 3 calibrate, 4 measure.
    public static let standard = WriterSplit(training: 1...28, validation: 29...31, test: 32...35)

    /// Creates a split.
    public init(training: ClosedRange<Int>, validation: ClosedRange<Int>, test: ClosedRange<Int>) {
        self.training = training
        self.validation = validation
        self.test = test
    }
}

/// Reads the vendored Chars74k pen trajectories (`data/chars74k-hnd/train.ndjson.gz`).
public enum Chars74k {
    /// The vendored file, relative to the repository's root.
    public static let vendored = "data/chars74k-hnd/train.ndjson.gz"
    /// Its 62 characters, in its order.
    public static let alphabet: [Character] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    /// Every sample of the file at `url`; the writer is the last part of the id.
    /// - Throws: ``DatasetFileError`` or ``DoodleRecordError`` for an unreadable file or line.
    public static func load(_ url: URL) throws -> [GlyphSample] {
        try DatasetFile.text(url).split(separator: "\n").map { line in
            let record = try DoodleRecord.parse(line: line)
            guard let label = record.label, label.count == 1, let glyph = label.first, Chars74k.alphabet.contains(glyph)
            else {
                throw DoodleRecordError.badField(
                    "label", "'\(record.label ?? "null")' of '\(record.id)' is not one of the 62 characters")
            }
            guard let writer = record.id.split(separator: "/").last.flatMap({ Int($0) }) else {
                throw DoodleRecordError.badField("id", "'\(record.id)' does not end in a writer number")
            }
            return GlyphSample(id: record.id, writer: writer, glyph: glyph, strokes: record.strokes)
        }
    }
}
