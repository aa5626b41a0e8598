import Exporter
import Foundation
import SketchModel
import StrokeLog

// Exporter benchmark: every export format of a 200-stroke, two-screen session, plus code
// generation and a code diff. Run: swift run -c release export-bench [runs]
//
// The recognition is built alongside the strokes (one element per group of 5 strokes), so the
// figures are the exporter's own cost; `sketchctl export` adds one recognizer pass on top.

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * p).rounded(.up)) - 1))]
}

/// User plus system CPU time of the process so far, in milliseconds (all threads).
func cpuMilliseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
    let system = Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
    return user + system
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

let types: [ElementType] = [
    .label, .button, .textField, .toggle, .image, .icon, .avatar, .slider, .segmentedControl, .checkbox,
]

/// 40 elements over two screens, each drawn with 5 strokes of 30 points: an outline and 4 squiggles.
func session() -> (SessionState, SessionRecognition) {
    var payloads: [EventPayload] = [.screenAdded(Screen(id: "detail", name: "Detail"))]
    var screens: [ScreenRecognition] = []
    var strokeCount = 0
    for (screenIndex, screen) in [
        Screen(id: "main", name: "Feed", width: 390, height: 1400), Screen(id: "detail", name: "Detail"),
    ].enumerated() {
        var elements: [Element] = []
        for n in 0..<20 {
            let frame = Rect(x: 20, y: 40 + Double(n) * (screenIndex == 0 ? 64 : 38), width: 350, height: 32)
            var ids: [String] = []
            for s in 0..<5 {
                let id = "s\(strokeCount)"
                strokeCount += 1
                ids.append(id)
                let points = (0..<30).map { i -> StrokePoint in
                    let t = Double(i) / 29
                    let x = s == 0 ? frame.minX + t * frame.width : frame.minX + 10 + Double(s - 1) * 80 + t * 60
                    let y = s == 0 ? frame.minY + (i % 2 == 0 ? 0 : frame.height) : frame.midY + (i % 2 == 0 ? -3 : 3)
                    return StrokePoint(
                        x: (x * 8).rounded() / 8, y: (y * 8).rounded() / 8, t: Double(strokeCount * 500 + i * 16))
                }
                payloads.append(
                    .strokeAdded(
                        Stroke(
                            id: id, points: points, color: n % 4 == 0 ? "#1f6feb" : Stroke.defaultColor, width: 2,
                            screen: screen.id)))
            }
            let type = types[n % types.count]
            elements.append(
                Element(
                    id: "\(screen.id)-e\(n)", type: type, frame: frame, confidence: 0.9, strokeIds: ids,
                    text: n % 3 == 0 ? "Item \(n)" : nil, color: n % 4 == 0 ? "#1f6feb" : nil,
                    isOn: type == .toggle ? true : nil,
                    segments: type == .segmentedControl ? 3 : nil))
        }
        let layout = LayoutNode.vstack(
            .init(
                spacing: 16, alignment: "leading", padding: .init(top: 20, leading: 20, bottom: 20, trailing: 20),
                children: elements.map { .element(id: $0.id) } + [.spacer(minLength: 0)]))
        let detections = elements.map {
            Detection(strokeIds: $0.strokeIds, frame: $0.frame, label: $0.type.rawValue, confidence: 0.9, kept: true)
        }
        screens.append(
            ScreenRecognition(
                screen: screen, elements: elements, layout: layout, readingOrder: layout.elementIDs,
                detections: detections))
    }
    payloads.append(.metadataSet(MetadataChange(title: "Bench Feed", trainingConsent: true)))
    var state = SessionState()
    for (index, payload) in payloads.enumerated() {
        _ = state.apply(
            EventRecord(
                seq: Int64(index + 1), author: "bench", clientOpID: "op\(index)", serverTime: 0, payload: payload))
    }
    let links = [NavigationLinkSpec(fromScreen: "main", fromElement: "main-e1", toScreen: "detail", strokeId: "s5")]
    return (
        state,
        SessionRecognition(seq: state.lastSeq, screens: screens, links: links, theme: state.theme, title: "Bench Feed")
    )
}

let runs = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 20
let (state, recognition) = session()
print(
    "session: \(state.liveStrokes.count) strokes, \(recognition.screens.count) screens, \(recognition.screens.flatMap(\.allElements).count) elements; \(runs) runs after 2 warm-up runs"
)
print("wall-clock p50/p95/max per export, CPU = mean process CPU time per export (all threads)")
print("format        p50 ms   p95 ms   max ms   CPU ms   bytes")

func report(_ name: String, _ body: () throws -> Int) rethrows {
    var size = 0
    for _ in 0..<2 { size = try body() }
    var times: [Double] = []
    let cpuStart = cpuMilliseconds()
    for _ in 0..<runs { times.append(try milliseconds { size = try body() }) }
    let cpu = (cpuMilliseconds() - cpuStart) / Double(runs)
    times.sort()
    print(
        name.padding(toLength: 12, withPad: " ", startingAt: 0)
            + String(
                format: " %7.1f  %7.1f  %7.1f  %7.1f  %d", percentile(times, 0.5), percentile(times, 0.95),
                times.last ?? 0, cpu, size))
}

for format in ExportFormat.allCases {
    try report(format.rawValue) {
        try SessionExporter.export(format, state: state, recognition: recognition, zip: true).data.count
    }
}
report("codegen") { SwiftUIGenerator.files(for: recognition).reduce(0) { $0 + $1.text.utf8.count } }
var edited = recognition
edited.screens[0].elements[7].text = "Edited"
let before = SwiftUIGenerator.files(for: recognition)
let after = SwiftUIGenerator.files(for: edited)
report("codegen+diff") {
    let files = SwiftUIGenerator.files(for: edited)
    return zip(before, files).reduce(0) { $0 + LineDiff.hunks(from: $1.0.text, to: $1.1.text).count }
}
_ = after

// PNG cost by render (each row: one kind of image for both screens).
let variants: [(String, ExportOptions)] = [
    ("png 1x", ExportOptions(scales: [1], overlay: false, wireframe: false)),
    ("png 2x", ExportOptions(scales: [2], overlay: false, wireframe: false)),
    ("png 3x", ExportOptions(scales: [3], overlay: false, wireframe: false)),
    ("png overlay", ExportOptions(scales: [], overlay: true, wireframe: false)),
    ("png wirefr.", ExportOptions(scales: [], overlay: false, wireframe: true)),
]
for (name, options) in variants {
    try report(name) {
        try SessionExporter.files(.png, state: state, recognition: recognition, options: options).reduce(0) {
            $0 + $1.data.count
        }
    }
}
