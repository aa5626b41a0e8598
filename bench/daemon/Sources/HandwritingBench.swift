import BenchSupport
import Foundation
import Recognize
import RecognizeTraining
import StrokeLog
import WebSocketClient

/// `sketchd-bench --handwriting WORDS`: one of the joined clients writes words letter by letter,
/// each stroke an `op strokeAdded` sent when a writer would lift the pen (the composed points'
/// own times: 8 ms a point, 120 ms between strokes), in the hand of one Chars74k writer held out
/// from training (WordComposer: letters scaled to a cap height and placed left to right). Every
/// client logs the results it reads; per stroke and per word the bench then works out
/// - stroke -> results: the first `recognition`, `code` or `codeDiff` computed at the stroke's seq
///   (or a later one before the next stroke's), on the last of the clients; a stroke that changes
///   no result, or whose run a newer stroke cancelled, is counted apart;
/// - stroke -> code: the same for `code`/`codeDiff` only (strokes that change no code are left out);
/// - pointer-up -> read text: the last stroke sent -> the first `recognition` at or after its seq
///   whose elements carry the word's `text` (case-blind), at the writer and on the last client.
/// After each word its strokes are erased in one op, so every word lands on the same screen.
struct HandwritingBench {
    let clients: [WebSocketClient]
    let words: Int
    let writer: Int
    let glyphs: String
    /// Where words are written: below the background boxes the caller drew.
    let origin = Point2(24, 620)

    /// One message of results read by one client.
    struct Result {
        var client: Int
        var seq: Int
        var time: Double
        var isCode: Bool
        var carriesText: Bool
    }

    /// What the reader threads share with the writer.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result] = []
        private var acks: [Int: Int] = [:]
        /// `"text":"<word>"` in lower case, for the word being written.
        private var textNeedle: [UInt8] = []

        func expect(text: String) {
            lock.withLock {
                textNeedle = Array(#""text":"\#(text.lowercased())""#.utf8)
                results = []
                acks = [:]
            }
        }
        func needle() -> [UInt8] { lock.withLock { textNeedle } }
        func append(_ result: Result) { lock.withLock { results.append(result) } }
        func ack(op: Int, seq: Int) { lock.withLock { acks[op] = seq } }
        func seq(op: Int) -> Int? { lock.withLock { acks[op] } }
        func snapshot() -> [Result] { lock.withLock { results } }
        /// The writer's newest recognition, to say what a word was read as when it was not.
        private var newestAtWriter: [UInt8] = []
        func keepAtWriter(_ bytes: [UInt8]) { lock.withLock { newestAtWriter = bytes } }
        /// The element texts of the writer's newest recognition.
        func textsAtWriter() -> [String] {
            let bytes = lock.withLock { newestAtWriter }
            var texts: [String] = []
            var from = 0
            let key = Array(#""text":""#.utf8)
            while let start = ByteScan.find(key, in: bytes, from: from) {
                texts.append(ByteScan.string(after: key, in: Array(bytes[(start - key.count)...])) ?? "")
                from = start
            }
            return texts
        }
    }

    struct Figures {
        var strokeToResults: [Double] = [], strokeToCode: [Double] = []
        var readAtWriter: [Double] = [], readEverywhere: [Double] = []
        var strokes = 0, strokesWithoutResults = 0, wordsRead = 0, wordsWritten = 0
        var misread: [String] = []
    }

    func run() throws -> Figures {
        let samples = try Chars74k.load(URL(fileURLWithPath: glyphs)).filter { $0.writer == writer }
        let composer = WordComposer(glyphs: samples, boxes: [])
        let log = Log()
        let running = Locked(true)
        startReaders(log: log, running: running)
        defer { running.update { $0 = false } }
        let wordList = WordEvaluation.lexiconWords + WordEvaluation.openWords
        var rng = SeededGenerator(seed: 11)
        var figures = Figures()
        var op = 0
        for n in 0..<words {
            let text = wordList[n % wordList.count]
            guard
                let word = composer.compose(
                    text, writer: writer, boxed: false, origin: origin, idPrefix: "hw\(n)", using: &rng)
            else { continue }
            log.expect(text: text)
            var sent: [(op: Int, at: Double)] = []
            let start = now()
            for stroke in word.strokes {
                let liftAt = start + (stroke.points.last?.t ?? 0) / 1000
                while now() < liftAt { usleep(200) }
                let points = stroke.points.map { [$0.x, $0.y, $0.t] }
                let event: [String: Any] = [
                    "kind": "strokeAdded",
                    "stroke": ["id": stroke.id, "points": points, "color": "#1b1f24", "width": 2, "screen": "main"]
                        as [String: Any],
                ]
                op += 1
                sent.append((op, now()))
                try clients[0].send(text: json(["type": "op", "clientOpId": "hw:\(op)", "event": event]))
            }
            let lastSent = sent.last!.at
            // Wait for the word to be read everywhere (or 3 s), then take the figures.
            while now() < lastSent + 3,
                readTimes(log.snapshot(), after: log.seq(op: sent.last!.op)).count < clients.count
            { usleep(1_000) }
            let results = log.snapshot()
            for (k, stroke) in sent.enumerated() {
                figures.strokes += 1
                guard let seq = log.seq(op: stroke.op) else {
                    figures.strokesWithoutResults += 1
                    continue
                }
                let next = k + 1 < sent.count ? log.seq(op: sent[k + 1].op) : nil
                if let last = lastArrival(results, seqs: seq..<(next ?? .max), codeOnly: false) {
                    figures.strokeToResults.append(last - stroke.at)
                } else {
                    figures.strokesWithoutResults += 1
                }
                if let last = lastArrival(results, seqs: seq..<(next ?? .max), codeOnly: true) {
                    figures.strokeToCode.append(last - stroke.at)
                }
            }
            figures.wordsWritten += 1
            let read = readTimes(results, after: log.seq(op: sent.last!.op))
            if let atWriter = read[0] { figures.readAtWriter.append(atWriter - lastSent) }
            if read.count == clients.count, let last = read.values.max() {
                figures.readEverywhere.append(last - lastSent)
                figures.wordsRead += 1
            } else {
                figures.misread.append(
                    "\(text) (texts on screen: \(log.textsAtWriter().map { "'\($0)'" }.joined(separator: " ")))")
            }
            // Erase the word in one op and let its results settle before the next word.
            op += 1
            try clients[0].send(
                text: json([
                    "type": "op", "clientOpId": "hw:\(op)",
                    "event": ["kind": "strokesErased", "strokeIds": word.strokes.map(\.id)],
                ]))
            let erasedAt = now()
            while now() < erasedAt + 2,
                log.seq(op: op).map({ lastArrival(log.snapshot(), seqs: $0..<Int.max, codeOnly: false) == nil }) ?? true
            { usleep(1_000) }
            usleep(300_000)
        }
        return figures
    }

    /// The moment the last client read results computed at a seq in `seqs` (from a stroke's own
    /// seq to the next stroke's), nil unless all did.
    private func lastArrival(_ results: [Result], seqs: Range<Int>, codeOnly: Bool) -> Double? {
        var first: [Int: Double] = [:]
        for r in results where seqs.contains(r.seq) && (r.isCode || !codeOnly) && first[r.client] == nil {
            first[r.client] = r.time
        }
        return first.count == clients.count ? first.values.max() : nil
    }

    /// Per client, when it first read a recognition carrying the word at or after `seq`.
    private func readTimes(_ results: [Result], after seq: Int?) -> [Int: Double] {
        guard let seq else { return [:] }
        var first: [Int: Double] = [:]
        for r in results where r.seq >= seq && r.carriesText && first[r.client] == nil { first[r.client] = r.time }
        return first
    }

    /// One reader thread per client logs acks (the writer's) and results.
    private func startReaders(log: Log, running: Locked<Bool>) {
        let opKey = Array(#""clientOpId":"hw:"#.utf8)
        readEachClient(clients, while: running) { index, bytes, time in
            guard let seq = ByteScan.integer(after: ByteScan.seqKey, in: bytes) else { return }
            switch ByteScan.messageType(in: bytes) {
            case "ack":
                if let end = ByteScan.find(opKey, in: bytes), let op = ByteScan.integer(at: end, in: bytes) {
                    log.ack(op: op, seq: seq)
                }
            case "code", "codeDiff":
                log.append(Result(client: index, seq: seq, time: time, isCode: true, carriesText: false))
            case "recognition":
                let lower = bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
                let carries = ByteScan.find(log.needle(), in: lower) != nil
                if index == 0 { log.keepAtWriter(bytes) }
                log.append(Result(client: index, seq: seq, time: time, isCode: false, carriesText: carries))
            default:
                break
            }
        }
    }
}

extension HandwritingBench {
    /// Runs the bench and prints its figures with the daemon's CPU and the machine's load.
    func runAndPrint(daemon: BenchDaemon) throws {
        let loadBefore = loadAverage()
        let cpuBefore = daemon.cpuSeconds()
        let startedAt = now()
        let figures = try run()
        let wall = now() - startedAt
        print(
            "sketchd-bench --handwriting: \(clients.count) clients, one session, 28 boxes; client 0 writes \(figures.wordsWritten) words of Chars74k writer \(writer) (\(figures.strokes) strokes, each an op), loadavg before \(loadBefore), after \(loadAverage()), \(ProcessInfo.processInfo.activeProcessorCount) cores"
        )
        print(
            "stroke -> results (recognition or code) on every peer: \(Latencies(figures.strokeToResults).summary)  (\(figures.strokesWithoutResults) strokes with no result of their own)"
        )
        print("stroke -> code/codeDiff on every peer:                 \(Latencies(figures.strokeToCode).summary)")
        print("pointer-up -> read text at the writer:                 \(Latencies(figures.readAtWriter).summary)")
        print("pointer-up -> read text on every peer:                 \(Latencies(figures.readEverywhere).summary)")
        print(
            "words read as written (case-blind, on every peer): \(figures.wordsRead) of \(figures.wordsWritten); not read: \(figures.misread.joined(separator: "; "))"
        )
        if let after = daemon.cpuSeconds(), let cpuBefore {
            print(
                String(
                    format: "daemon CPU: %.1f s over %.1f s wall, %.2f ms per stroke (with the erase of each word)",
                    after - cpuBefore, wall, (after - cpuBefore) * 1000 / Double(max(figures.strokes, 1))))
        }
        if let memory = daemon.memoryKiB() {
            print("daemon RSS after run \(memory.rss / 1024) MiB, peak \(memory.peak / 1024) MiB")
        }
    }
}
