import Foundation
import SessionModel
import SketchModel

/// The `png` export: per screen the sketch at each scale, the debug overlay and the wireframe.
/// Images are rendered and encoded in parallel; the file order is fixed.
enum ImageExport {
    /// One image to produce.
    private struct Job: Sendable {
        enum Kind: Sendable {
            case sketch(Int)
            case overlay, wireframe
        }
        var path: String
        var kind: Kind
        var screen: ScreenRecognition
        var strokes: [Stroke]
        var previews: [String: ElementPreview] = [:]
    }

    static func files(state: SessionState, recognition: SessionRecognition, options: ExportOptions) throws
        -> [ExportFile]
    {
        let typeNames = BlueprintBuilder.screenTypeNames(recognition.screens.map(\.screen))
        let theme = ThemeTokens(theme: recognition.theme, strokeColors: [])
        let previews = options.wireframe ? BlueprintPreview.elements(for: recognition) : [:]
        var jobs: [Job] = []
        for screen in recognition.screens {
            let name = ExportPath.safeName(typeNames[screen.screen.id] ?? screen.screen.name)
            let strokes = state.liveStrokes(onScreen: screen.screen.id)
            for scale in Array(Set(options.scales.map { min(max($0, 1), 4) })).sorted() {
                jobs.append(Job(path: "\(name)@\(scale)x.png", kind: .sketch(scale), screen: screen, strokes: strokes))
            }
            if options.overlay {
                jobs.append(Job(path: "\(name)-overlay@2x.png", kind: .overlay, screen: screen, strokes: strokes))
            }
            if options.wireframe {
                jobs.append(
                    Job(
                        path: "\(name)-wireframe@2x.png", kind: .wireframe, screen: screen, strokes: strokes,
                        previews: previews[screen.screen.id] ?? [:]))
            }
        }
        let work = jobs
        let results = Parallel.map(work.count, threads: ProcessInfo.processInfo.activeProcessorCount) { index in
            Result { try PNGCodec.encode(render(work[index], theme: theme)) }
        }
        return try zip(jobs, results).map { job, data in ExportFile(path: job.path, data: try data.get()) }
    }

    private static func render(_ job: Job, theme: ThemeTokens) throws -> Raster {
        switch job.kind {
        case .sketch(let scale):
            try SketchRenderer(screen: job.screen.screen, strokes: job.strokes, scale: Double(scale)).render()
        case .overlay:
            try SketchRenderer(screen: job.screen.screen, strokes: job.strokes, scale: 2).renderOverlay(job.screen)
        case .wireframe:
            try WireframeRenderer(recognition: job.screen, theme: theme, scale: 2, previews: job.previews).render()
        }
    }
}
