import SessionProtocol
import SketchModel
import StrokeLog

/// The results last broadcast for a session: per-screen recognition and the versioned code,
/// with their encoded messages for late joiners.
///
/// A value: the recognition worker takes a copy (the base its run started from), works out the
/// next publication on that copy (diff and encoding included) and hands it back; the service
/// thread keeps it only if the room's results are still that base (``isUnchanged(since:)``), so it
/// does no diffing or encoding of results itself.
struct PublishedResults: Sendable {
    /// The seq the results were computed from (-1: nothing published yet).
    private(set) var seq: Int64 = -1
    /// Per screen, in the session's screen order.
    private(set) var screens: [RecognitionMessage] = []
    private(set) var files: [GeneratedFile] = []
    /// The map of ``files``, built once per version.
    private(set) var sourceMap = SourceMap([])
    /// 0 until the first code is published.
    private(set) var version = 0
    /// ``screens`` encoded (with the detections when the last take had a watcher), for late
    /// joiners and connections that start watching detections: read through ``recognition(at:withDetections:)``.
    private var encodedScreens: [RecognitionEncoder.Encoded] = []
    /// ``codeMessage`` encoded, for late joiners and `getCode`.
    private(set) var encodedCode: [UInt8]?
    /// Keeps the encoded parts of the last recognition messages, to reuse what did not change
    /// and to tell which screens changed.
    private var recognitionEncoder = RecognitionEncoder()
    /// Keeps the encoded files and source map of the last code message, to reuse what did not change.
    private var codeEncoder = CodeEncoder()

    /// What changed with a new result, encoded in broadcast order (recognition of the screens
    /// that changed, then the code or a code diff).
    struct Update: Sendable {
        /// The recognition of each screen that changed in either form, with the screen's id and
        /// its index in ``PublishedResults/screens``.
        var screens: [(screen: String, index: Int, encoded: RecognitionEncoder.Encoded)] = []
        /// The first code or a code diff; nil when the code did not change.
        var code: [UInt8]?

        /// Everything a connection gets, in broadcast order (a form not taken is left out).
        func broadcasts(withDetections: Bool) -> [[UInt8]] {
            screens.compactMap { screen in
                guard screen.encoded.changed(withDetections: withDetections) else { return nil }
                return withDetections ? screen.encoded.bytesWithDetections : screen.encoded.bytes
            } + (code.map { [$0] } ?? [])
        }
    }

    /// Whether nothing was published since `base` was copied.
    func isUnchanged(since base: PublishedResults) -> Bool {
        seq == base.seq && version == base.version
    }

    /// Takes a newer result; returns what must be broadcast (nothing for results not newer). The
    /// detections are compared and encoded only `withDetections` (someone watches them).
    mutating func take(
        seq newSeq: Int64, messages fresh: [RecognitionMessage], files newFiles: [GeneratedFile],
        withDetections: Bool, diff: (String, String) -> [DiffHunk]
    ) -> Update {
        guard newSeq > seq else { return Update() }
        seq = newSeq
        let screens = takeScreens(fresh, withDetections: withDetections)
        let isFirstCode = version == 0
        let codeDiff = takeFiles(newFiles, diff: diff)
        let code = codeEncoder.encode(CodeMessage(seq: seq, version: version, files: files, sourceMap: sourceMap))
        encodedCode = code
        return Update(screens: screens, code: isFirstCode ? code : codeDiff)
    }

    /// Keeps the new per-screen messages; returns the encoded ones that changed (beyond their
    /// seq) in either form.
    private mutating func takeScreens(_ fresh: [RecognitionMessage], withDetections: Bool) -> [(
        screen: String, index: Int, encoded: RecognitionEncoder.Encoded
    )] {
        let encoded = recognitionEncoder.encodeMarkingChanges(fresh, withDetections: withDetections)
        encodedScreens = encoded
        screens = fresh
        return fresh.indices.compactMap { index in
            encoded[index].changedWithDetections ? (fresh[index].screen, index, encoded[index]) : nil
        }
    }

    /// The current recognition of the screen at `index` (of ``screens``) in the form a
    /// connection watches; the form with the detections is written here when the last take
    /// left them out (nobody watched them then).
    func recognition(at index: Int, withDetections: Bool) -> [UInt8] {
        guard withDetections else { return encodedScreens[index].bytes }
        if let bytes = encodedScreens[index].bytesWithDetections { return bytes }
        var encoder = RecognitionEncoder()
        return encoder.encode([screens[index]])[0]
    }

    /// Keeps the new files; returns the encoded code diff, if there is one (none for the first code).
    private mutating func takeFiles(_ newFiles: [GeneratedFile], diff: (String, String) -> [DiffHunk]) -> [UInt8]? {
        let newMap = SourceMap(newFiles)
        if version == 0 {
            version = 1
            files = newFiles
            sourceMap = newMap
            return nil
        }
        let changes = Self.changes(from: files, to: newFiles, diff: diff)
        // The same text can still map to other lines (an element's id changed): that is news too.
        guard !changes.isEmpty || sourceMap != newMap else { return nil }
        version += 1
        files = newFiles
        sourceMap = newMap
        return codeEncoder.encode(
            CodeDiffMessage(seq: seq, version: version, baseVersion: version - 1, files: changes, sourceMap: sourceMap))
    }

    static func changes(from old: [GeneratedFile], to new: [GeneratedFile], diff: (String, String) -> [DiffHunk])
        -> [CodeDiffMessage.FileChange]
    {
        let oldByPath = Dictionary(old.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        let newPaths = Set(new.map(\.path))
        var changes: [CodeDiffMessage.FileChange] = []
        for file in new {
            if let oldText = oldByPath[file.path] {
                if oldText != file.text { changes.append(.init(path: file.path, hunks: diff(oldText, file.text))) }
            } else {
                changes.append(.init(path: file.path, text: file.text))
            }
        }
        for file in old where !newPaths.contains(file.path) {
            changes.append(.init(path: file.path, deleted: true))
        }
        return changes
    }
}
