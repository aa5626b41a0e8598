import Exporter
import Recognize
import StrokeLog

/// The results last broadcast for a session: per-screen recognition and the versioned code.
/// Late joiners get these; new results are diffed against them. Service thread only.
struct PublishedResults {
    /// The seq the results were computed from (-1: nothing published yet).
    private(set) var seq: Int64 = -1
    /// Per screen, in the session's screen order.
    private(set) var screens: [RecognitionMessage] = []
    private(set) var files: [GeneratedFile] = []
    /// 0 until the first code is published.
    private(set) var version = 0

    /// What changed with a new result.
    struct Update {
        var recognition: [RecognitionMessage]
        var code: CodeMessage?
        var codeDiff: CodeDiffMessage?
    }

    /// Takes a newer result (its per-screen messages built off the service thread); returns
    /// what must be broadcast (nothing for results not newer).
    mutating func take(seq newSeq: Int64, messages fresh: [RecognitionMessage], files newFiles: [GeneratedFile],
                       diff: (String, String) -> [DiffHunk]) -> Update {
        var update = Update(recognition: [])
        guard newSeq > seq else { return update }
        seq = newSeq
        let previous = Dictionary(screens.map { ($0.screen, $0) }, uniquingKeysWith: { first, _ in first })
        update.recognition = fresh.filter { message in
            guard var old = previous[message.screen] else { return true }
            old.seq = message.seq
            return old != message
        }
        screens = fresh
        if version == 0 {
            version = 1
            files = newFiles
            update.code = CodeMessage(seq: seq, version: version, files: files)
            return update
        }
        let changes = Self.changes(from: files, to: newFiles, diff: diff)
        // The same text can still map to other lines (an element's id changed): that is news too.
        guard !changes.isEmpty || SourceMap(files) != SourceMap(newFiles) else { return update }
        version += 1
        files = newFiles
        update.codeDiff = CodeDiffMessage(seq: seq, version: version, baseVersion: version - 1, files: changes, sourceMap: SourceMap(files))
        return update
    }

    /// The full code, for late joiners and `getCode`; nil before the first publication.
    var codeMessage: CodeMessage? { version == 0 ? nil : CodeMessage(seq: seq, version: version, files: files) }

    static func changes(from old: [GeneratedFile], to new: [GeneratedFile], diff: (String, String) -> [DiffHunk]) -> [CodeDiffMessage.FileChange] {
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
