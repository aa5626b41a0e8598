import SessionModel
import SketchModel

/// Paints a screen's strokes (the sketch as drawn), optionally with the debug overlay of
/// detected boxes and labels, at a given scale.
struct SketchRenderer {
    let screen: Screen
    let strokes: [Stroke]
    let scale: Double

    static let paper = RGBColor(red: 255, green: 255, blue: 255)

    /// The pixel size of the render.
    var size: (width: Int, height: Int) {
        (Raster.index((screen.width * scale).rounded()), Raster.index((screen.height * scale).rounded()))
    }

    /// The strokes in their own colours and widths, anti-aliased.
    func render() throws -> Raster {
        try Self.checkSize(size)
        var raster = Raster(width: size.width, height: size.height, background: Self.paper)
        paintStrokes(into: &raster, faded: false)
        return raster
    }

    /// The debug view: faded strokes, every raw detection in grey, every kept element in its
    /// class colour with its type and confidence.
    func renderOverlay(_ recognition: ScreenRecognition) throws -> Raster {
        try Self.checkSize(size)
        var raster = Raster(width: size.width, height: size.height, background: Self.paper)
        paintStrokes(into: &raster, faded: true)
        for detection in recognition.detections where !detection.kept {
            box(detection.frame, color: RGBColor(red: 170, green: 170, blue: 170), label: nil, into: &raster)
        }
        for element in recognition.allElements {
            let label = "\(element.type.rawValue) \(Raster.index((element.confidence * 100).rounded()))%"
            box(element.frame, color: Palette.color(for: element.type), label: label, into: &raster)
        }
        return raster
    }

    static func checkSize(_ size: (width: Int, height: Int)) throws {
        guard size.width > 0, size.height > 0, size.width <= PNGCodec.maxPixels / size.height else {
            throw ExportError.imageTooLarge(width: size.width, height: size.height)
        }
    }

    private func paintStrokes(into raster: inout Raster, faded: Bool) {
        for stroke in strokes {
            var color = RGBColor(hex: stroke.color) ?? RGBColor(red: 27, green: 31, blue: 36)
            if faded {
                color = RGBColor(
                    red: (color.red + 510) / 3, green: (color.green + 510) / 3, blue: (color.blue + 510) / 3)
            }
            let points = stroke.points.map { (x: $0.x * scale, y: $0.y * scale) }
            raster.polyline(points, lineWidth: stroke.width * scale, color: color)
        }
    }

    private func box(_ frame: Rect, color: RGBColor, label: String?, into raster: inout Raster) {
        let minX = frame.minX * scale
        let minY = frame.minY * scale
        let maxX = frame.maxX * scale
        let maxY = frame.maxY * scale
        raster.strokeRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY, lineWidth: max(1, scale), color: color)
        guard let label else { return }
        let fontScale = max(1, scale.rounded())
        let textHeight = Double(BitmapFont.lineHeight) * fontScale
        let top = minY - textHeight - 1 >= 0 ? minY - textHeight - 1 : minY + 1
        raster.fill(
            minX: minX, minY: top, maxX: minX + BitmapFont.width(label, scale: fontScale) + 2 * fontScale,
            maxY: top + textHeight, color: color)
        BitmapFont.draw(
            label, x: minX + fontScale, y: top + fontScale / 2, scale: fontScale, color: Self.paper, into: &raster)
    }
}

/// One colour per element type, for overlays and wireframes.
enum Palette {
    static func color(for type: ElementType) -> RGBColor {
        let colors: [RGBColor] = [
            RGBColor(red: 31, green: 111, blue: 235), RGBColor(red: 229, green: 72, blue: 77),
            RGBColor(red: 48, green: 164, blue: 108),
            RGBColor(red: 245, green: 159, blue: 0), RGBColor(red: 142, green: 78, blue: 198),
            RGBColor(red: 18, green: 165, blue: 148),
            RGBColor(red: 214, green: 64, blue: 159), RGBColor(red: 110, green: 86, blue: 207),
            RGBColor(red: 100, green: 100, blue: 100),
        ]
        let index = ElementType.allCases.firstIndex(of: type) ?? 0
        return colors[index % colors.count]
    }
}
