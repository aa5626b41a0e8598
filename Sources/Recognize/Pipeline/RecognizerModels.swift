import Foundation

/// Which models a recognizer loads: the shipped ones, or files a team retrained
/// (`sketchctl train --out`, `scripts/train-reader.sh`) and deploys with `--model`.
public struct RecognizerModels: Sendable, Hashable {
    /// A stroke classifier model file; nil: the shipped one.
    public var classifier: String?
    /// A handwriting reader model file; nil: the shipped one.
    public var reader: String?

    public init(classifier: String? = nil, reader: String? = nil) {
        self.classifier = classifier
        self.reader = reader
    }

    /// The models shipped in the Recognize module.
    public static let shipped = RecognizerModels()
}

/// Why a model file could not be loaded: which file, and what is wrong with it.
public struct ModelLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(path): \(reason)" }
}

extension Recognizer {
    /// A recognizer over `models`, each checked in full (checksum, format, shapes) before any is
    /// used, so nothing runs half-configured.
    /// - Throws: ``ModelLoadError`` for a file that cannot be read or is no fitting model, and
    ///   ``ModelFileError`` when a shipped resource is missing or invalid.
    public static func loading(_ models: RecognizerModels) throws -> Recognizer {
        let classifier =
            try models.classifier.map { path in
                let loaded = try StrokeClassifier(modelBytes: Array(try Self.contents(of: path)), loadedFrom: path)
                loaded.warmUp()
                return loaded
            } ?? StrokeClassifier.shipped()
        let reader =
            try models.reader.map { path in
                try HandwritingReader.shipped(
                    model: try InkReaderModel(bytes: Array(try Self.contents(of: path)), loadedFrom: path))
            } ?? HandwritingReader.shipped()
        return Recognizer(classifier: LearnedClassifier(classifier), reader: reader)
    }

    private static func contents(of path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ModelLoadError(path: path, reason: "cannot be read (missing, a folder, or not permitted)")
        }
        return data
    }
}

extension StrokeClassifier {
    /// The classifier in `modelBytes`, read from `path`.
    /// - Throws: ``ModelLoadError`` naming the file when the bytes are no classifier model.
    init(modelBytes: [UInt8], loadedFrom path: String) throws {
        do { try self.init(modelBytes: modelBytes) } catch let error as ModelFileError {
            throw ModelLoadError(path: path, reason: "not a stroke classifier model this build can use (\(error))")
        }
    }
}

extension InkReaderModel {
    /// The reader model in `bytes`, read from `path`.
    /// - Throws: ``ModelLoadError`` naming the file when the bytes are no reader model.
    init(bytes: [UInt8], loadedFrom path: String) throws {
        do { try self.init(bytes: bytes) } catch let error as ModelFileError {
            throw ModelLoadError(path: path, reason: "not a handwriting reader model this build can use (\(error))")
        }
    }
}
