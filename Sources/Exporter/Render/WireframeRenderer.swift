import SessionModel
import SketchModel

/// Paints the preview as a clean wireframe: each recognised element drawn as the control it
/// becomes, in the theme's colours, at the elements' `layoutFrame`s (where the generated SwiftUI
/// puts them). A button or segmented control is one control: what it holds is its title, drawn as
/// the caption, not again as elements.
struct WireframeRenderer {
    let recognition: ScreenRecognition
    let theme: ThemeTokens
    let scale: Double
    /// What the generated code shows per element id (``BlueprintPreview``): captions and colours.
    var previews: [String: ElementPreview] = [:]

    private static let ink = RGBColor(red: 60, green: 64, blue: 72)
    private static let light = RGBColor(red: 229, green: 231, blue: 235)
    private static let mid = RGBColor(red: 170, green: 174, blue: 182)

    func render() throws -> Raster {
        let size = (
            Raster.index((recognition.screen.width * scale).rounded()),
            Raster.index((recognition.screen.height * scale).rounded())
        )
        try SketchRenderer.checkSize(size)
        var raster = Raster(width: size.0, height: size.1, background: theme.background)
        for element in Self.drawn(recognition.elements) { draw(element, into: &raster) }
        return raster
    }

    /// Types whose children are their title, not separate controls.
    static let readsAsOne: Set<ElementType> = [.button, .segmentedControl]

    /// The elements to paint, parents before children, not descending into ``readsAsOne``.
    static func drawn(_ elements: [Element]) -> [Element] {
        elements.flatMap { [$0] + (readsAsOne.contains($0.type) ? [] : drawn($0.children)) }
    }

    private func draw(_ element: Element, into r: inout Raster) {
        let f = element.layoutFrame ?? element.frame
        let minX = f.minX * scale
        let minY = f.minY * scale
        let maxX = f.maxX * scale
        let maxY = f.maxY * scale
        let midY = (minY + maxY) / 2
        let h = maxY - minY
        let line = max(1, scale)
        let preview = previews[element.id]
        let ink = (preview?.color ?? element.color).flatMap(RGBColor.init(hex:))
        let tint = ink ?? theme.accent
        let text = preview?.strings.first ?? element.text
        switch element.type {
        case .navigationBar, .tabBar, .container, .list:
            r.fill(minX: minX, minY: minY, maxX: maxX, maxY: maxY, color: Self.light, opacity: 0.6)
            r.strokeRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY, lineWidth: line, color: Self.mid)
        case .button:
            r.fill(minX: minX, minY: minY, maxX: maxX, maxY: maxY, color: tint)
            caption(
                text, minX: minX, maxX: maxX, midY: midY, color: RGBColor(red: 255, green: 255, blue: 255), into: &r)
        case .textField, .picker, .segmentedControl:
            r.strokeRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY, lineWidth: line, color: Self.mid)
            caption(text, minX: minX + 4 * scale, maxX: nil, midY: midY, color: Self.mid, into: &r)
            if element.type == .segmentedControl, let n = element.segments, n > 1 {
                for i in 1..<min(n, 12) {
                    let x = minX + (maxX - minX) * Double(i) / Double(n)
                    r.fill(minX: x - line / 2, minY: minY, maxX: x + line / 2, maxY: maxY, color: Self.mid)
                }
            }
        case .label:
            if text != nil {
                caption(text, minX: minX, maxX: nil, midY: midY, color: ink ?? Self.ink, into: &r)
            } else {
                r.fill(minX: minX, minY: midY - h / 4, maxX: maxX, maxY: midY + h / 4, color: Self.mid)
            }
        case .image:
            r.fill(minX: minX, minY: minY, maxX: maxX, maxY: maxY, color: Self.light)
            r.polyline([(minX, minY), (maxX, maxY)], lineWidth: line, color: Self.mid)
            r.polyline([(maxX, minY), (minX, maxY)], lineWidth: line, color: Self.mid)
        case .avatar, .icon:
            r.fillCircle(
                centerX: (minX + maxX) / 2, centerY: midY, radius: min(maxX - minX, h) / 2,
                color: element.type == .avatar ? Self.mid : tint)
        case .toggle:
            let on = element.isOn ?? false
            r.fill(minX: minX, minY: minY, maxX: maxX, maxY: maxY, color: on ? tint : Self.light)
            let knobX = on ? maxX - h / 2 : minX + h / 2
            r.fillCircle(
                centerX: knobX, centerY: midY, radius: h * 0.4, color: RGBColor(red: 255, green: 255, blue: 255))
        case .checkbox:
            let side = min(maxX - minX, h)
            let boxX = minX
            let box = (minX: boxX, minY: midY - side / 2, maxX: boxX + side, maxY: midY + side / 2)
            if element.isOn ?? false {
                r.fill(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY, color: tint)
                r.polyline(
                    [
                        (box.minX + side * 0.25, box.minY + side * 0.5),
                        (box.minX + side * 0.42, box.minY + side * 0.7),
                        (box.minX + side * 0.75, box.minY + side * 0.3),
                    ],
                    lineWidth: 2 * line, color: RGBColor(red: 255, green: 255, blue: 255))
            } else {
                r.strokeRect(
                    minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY, lineWidth: 2 * line, color: Self.mid
                )
            }
        case .slider:
            r.polyline([(minX, midY), (maxX, midY)], lineWidth: 2 * line, color: tint)
            r.fillCircle(centerX: (minX + maxX) / 2, centerY: midY, radius: h / 3, color: Self.ink)
        case .divider:
            r.polyline([(minX, midY), (maxX, midY)], lineWidth: line, color: Self.mid)
        case .pageControl:
            let n = max(element.segments ?? 3, 1)
            for i in 0..<min(n, 20) {
                let cx = minX + (maxX - minX) * (Double(i) + 0.5) / Double(n)
                r.fillCircle(centerX: cx, centerY: midY, radius: min(h / 2, 4 * scale), color: i == 0 ? tint : Self.mid)
            }
        }
    }

    private func caption(
        _ text: String?, minX: Double, maxX: Double?, midY: Double, color: RGBColor, into r: inout Raster
    ) {
        guard let text, !text.isEmpty else { return }
        let fontScale = max(1, (scale * 2).rounded())
        let width = BitmapFont.width(text, scale: fontScale)
        let x = maxX.map { (minX + $0 - width) / 2 } ?? minX
        BitmapFont.draw(
            text, x: x, y: midY - Double(BitmapFont.lineHeight) * fontScale / 2, scale: fontScale, color: color,
            into: &r)
    }
}
