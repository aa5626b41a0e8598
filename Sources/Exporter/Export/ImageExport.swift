import Recognize
import StrokeLog

/// The `png` export: per screen the sketch at each scale, the debug overlay and the wireframe.
enum ImageExport {
    static func files(state: SessionState, recognition: SessionRecognition, options: ExportOptions) throws -> [ExportFile] {
        let typeNames = BlueprintBuilder.screenTypeNames(recognition.screens.map(\.screen))
        let theme = ThemeTokens(theme: recognition.theme, strokeColors: [])
        var files: [ExportFile] = []
        for screen in recognition.screens {
            let name = ExportPath.safeName(typeNames[screen.screen.id] ?? screen.screen.name)
            let strokes = state.liveStrokes(onScreen: screen.screen.id)
            for scale in Array(Set(options.scales.map { min(max($0, 1), 4) })).sorted() {
                let raster = try SketchRenderer(screen: screen.screen, strokes: strokes, scale: Double(scale)).render()
                files.append(ExportFile(path: "\(name)@\(scale)x.png", data: try PNGCodec.encode(raster)))
            }
            if options.overlay {
                let raster = try SketchRenderer(screen: screen.screen, strokes: strokes, scale: 2).renderOverlay(screen)
                files.append(ExportFile(path: "\(name)-overlay@2x.png", data: try PNGCodec.encode(raster)))
            }
            if options.wireframe {
                let raster = try WireframeRenderer(recognition: screen, theme: theme, scale: 2).render()
                files.append(ExportFile(path: "\(name)-wireframe@2x.png", data: try PNGCodec.encode(raster)))
            }
        }
        return files
    }
}
