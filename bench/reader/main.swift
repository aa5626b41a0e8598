import Foundation
import Recognize
import RecognizeTraining
import StrokeLog

// bench-reader: the handwriting reader's cost per word on one core. Ten-letter words set from
// the vendored Chars74k letters of the held-out writers (32-35), printed and joined up, each read
// from scratch (no cache), as the recognition pool reads a line whose ink changed.
//
//     swift build -c release --product bench-reader && .build/release/bench-reader [iterations] [model.skir]
//
// A model file (from scripts/train-reader.sh) is timed instead of the shipped one.

let arguments = Array(CommandLine.arguments.dropFirst())
let iterations = arguments.first.flatMap { Int($0) } ?? 400
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let glyphs = try Chars74k.load(root.appendingPathComponent(Chars74k.vendored)).filter {
    WriterSplit.standard.test.contains($0.writer)
}
let composer = WordComposer(glyphs: glyphs, boxes: [])
let reader =
    try arguments.dropFirst().first.map { path in
        try HandwritingReader.shipped(
            model: InkReaderModel(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
    } ?? HandwritingReader.shipped()
let words = [
    "Newsletter", "Favourites", "Properties", "Background", "Connection", "Government", "Department", "Commercial",
]
var rng = SeededGenerator(seed: 1)
var inks: [[[Point2]]] = []
for (n, text) in words.enumerated() {
    for writer in composer.writers {
        guard
            let c = composer.compose(
                text, writer: writer, boxed: false, origin: Point2(40, 300), idPrefix: "b\(n)", using: &rng)
        else { continue }
        inks.append(c.strokes.map { $0.points.map { Point2($0.x, $0.y) } })
    }
}
_ = inks.prefix(8).map { reader.read($0) }  // warm up
var times: [Double] = []
var right = 0
for i in 0..<iterations {
    let ink = inks[i % inks.count]
    let start = DispatchTime.now().uptimeNanoseconds
    let read = reader.read(ink)
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    if read?.text.lowercased() == words[(i % inks.count) / max(composer.writers.count, 1)].lowercased() { right += 1 }
}
let sorted = times.sorted()
let percentile = { (p: Double) -> Double in sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
let rows = inks.map { InkFeatures.rows($0).count / InkFeatures.count }
print(
    String(
        format:
            "bench-reader: %d reads of ten-letter words (%d inks, median %d resampled points): p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms; %d read right",
        iterations, inks.count, rows.sorted()[rows.count / 2], percentile(0.5), percentile(0.95), percentile(0.99),
        sorted.last ?? 0, right))
