/// An RGB image in memory with anti-aliased drawing: the canvas the PNG renders are painted on.
struct Raster: Sendable {
    /// A pixel index from a coordinate, clamped so that no finite value can trap on conversion.
    @inline(__always) static func index(_ value: Double) -> Int {
        value.isNaN ? 0 : Int(min(max(value, -1_000_000), 1_000_000))
    }

    let width: Int
    let height: Int
    /// Row-major RGB bytes, 3 per pixel.
    private(set) var pixels: [UInt8]

    /// A raster filled with `background`.
    init(width: Int, height: Int, background: RGBColor) {
        self.width = width
        self.height = height
        let count = width * height * 3
        if background.red == background.green, background.green == background.blue {
            pixels = [UInt8](repeating: UInt8(background.red), count: count)
        } else {
            let pattern = [UInt8(background.red), UInt8(background.green), UInt8(background.blue)]
            pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                for i in 0..<count { buffer[i] = pattern[i % 3] }
                initialized = count
            }
        }
    }

    /// Blends `color` into one pixel with coverage 0...1.
    mutating func blend(x: Int, y: Int, color: RGBColor, coverage: Double) {
        guard x >= 0, y >= 0, x < width, y < height, coverage > 0 else { return }
        let alpha = coverage >= 1 ? 255 : Int(coverage * 255 + 0.5)
        let keep = 255 - alpha
        let i = (y * width + x) * 3
        pixels.withUnsafeMutableBufferPointer { p in
            p[i] = UInt8((Int(p[i]) * keep + color.red * alpha + 127) / 255)
            p[i + 1] = UInt8((Int(p[i + 1]) * keep + color.green * alpha + 127) / 255)
            p[i + 2] = UInt8((Int(p[i + 2]) * keep + color.blue * alpha + 127) / 255)
        }
    }

    /// Fills an axis-aligned rectangle (pixel coordinates), with fractional edges anti-aliased.
    mutating func fill(minX: Double, minY: Double, maxX: Double, maxY: Double, color: RGBColor, opacity: Double = 1) {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return }
        let x0 = max(0, Self.index(minX.rounded(.down)))
        let x1 = min(width - 1, Self.index(maxX.rounded(.up)))
        let y0 = max(0, Self.index(minY.rounded(.down)))
        let y1 = min(height - 1, Self.index(maxY.rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 {
            let cy = min(Double(y + 1), maxY) - max(Double(y), minY)
            guard cy > 0 else { continue }
            for x in x0...x1 {
                let cx = min(Double(x + 1), maxX) - max(Double(x), minX)
                if cx > 0 { blend(x: x, y: y, color: color, coverage: cx * cy * opacity) }
            }
        }
    }

    /// Outlines a rectangle with lines of `lineWidth` pixels.
    mutating func strokeRect(minX: Double, minY: Double, maxX: Double, maxY: Double, lineWidth: Double, color: RGBColor)
    {
        let h = lineWidth / 2
        fill(minX: minX - h, minY: minY - h, maxX: maxX + h, maxY: minY + h, color: color)
        fill(minX: minX - h, minY: maxY - h, maxX: maxX + h, maxY: maxY + h, color: color)
        fill(minX: minX - h, minY: minY + h, maxX: minX + h, maxY: maxY - h, color: color)
        fill(minX: maxX - h, minY: minY + h, maxX: maxX + h, maxY: maxY - h, color: color)
    }

    /// A polyline with round joins and caps, anti-aliased, painted once (no darker joints).
    mutating func polyline(_ points: [(x: Double, y: Double)], lineWidth: Double, color: RGBColor) {
        guard let first = points.first, lineWidth.isFinite, lineWidth > 0 else { return }
        let radius = max(lineWidth / 2, 0.5)
        var minX = first.x
        var minY = first.y
        var maxX = first.x
        var maxY = first.y
        for p in points {
            guard p.x.isFinite, p.y.isFinite else { return }
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        let x0 = max(0, Self.index((minX - radius - 1).rounded(.down)))
        let x1 = min(width - 1, Self.index((maxX + radius + 1).rounded(.up)))
        let y0 = max(0, Self.index((minY - radius - 1).rounded(.down)))
        let y1 = min(height - 1, Self.index((maxY + radius + 1).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        let maskWidth = x1 - x0 + 1
        var mask = [Float](repeating: 0, count: maskWidth * (y1 - y0 + 1))
        let segments = points.count == 1 ? [(first, first)] : zip(points, points.dropFirst()).map { ($0, $1) }
        for (a, b) in segments {
            let sx0 = max(x0, Self.index((min(a.x, b.x) - radius - 1).rounded(.down)))
            let sx1 = min(x1, Self.index((max(a.x, b.x) + radius + 1).rounded(.up)))
            let sy0 = max(y0, Self.index((min(a.y, b.y) - radius - 1).rounded(.down)))
            let sy1 = min(y1, Self.index((max(a.y, b.y) + radius + 1).rounded(.up)))
            guard sx0 <= sx1, sy0 <= sy1 else { continue }
            let dx = b.x - a.x
            let dy = b.y - a.y
            let lengthSquared = dx * dx + dy * dy
            // Per row, only the x-range the capsule can reach (round caps included).
            let reach = radius + 1
            let halfSpan = abs(dy) > 1e-9 ? reach * (lengthSquared.squareRoot() + abs(dx)) / abs(dy) : .infinity
            for y in sy0...sy1 {
                let py = Double(y) + 0.5
                var rowStart = sx0
                var rowEnd = sx1
                if halfSpan.isFinite {
                    let crossing = a.x + (py - a.y) * dx / dy
                    rowStart = max(sx0, Self.index((crossing - halfSpan).rounded(.down)) - 1)
                    rowEnd = min(sx1, Self.index((crossing + halfSpan).rounded(.up)) + 1)
                    if rowStart > rowEnd { continue }
                }
                for x in rowStart...rowEnd {
                    let px = Double(x) + 0.5
                    var t = lengthSquared > 0 ? ((px - a.x) * dx + (py - a.y) * dy) / lengthSquared : 0
                    t = min(max(t, 0), 1)
                    let ex = a.x + t * dx - px
                    let ey = a.y + t * dy - py
                    let coverage = Float(min(max(radius + 0.5 - (ex * ex + ey * ey).squareRoot(), 0), 1))
                    let m = (y - y0) * maskWidth + (x - x0)
                    if coverage > mask[m] { mask[m] = coverage }
                }
            }
        }
        for y in y0...y1 {
            for x in x0...x1 {
                let coverage = mask[(y - y0) * maskWidth + (x - x0)]
                if coverage > 0 { blend(x: x, y: y, color: color, coverage: Double(coverage)) }
            }
        }
    }

    /// A filled, anti-aliased circle.
    mutating func fillCircle(centerX: Double, centerY: Double, radius: Double, color: RGBColor) {
        polyline([(centerX, centerY)], lineWidth: radius * 2, color: color)
    }
}
