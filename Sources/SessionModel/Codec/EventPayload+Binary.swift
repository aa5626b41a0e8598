/// The storage form of payloads: compact and exact for canonical values (see ``StrokePoint``).
/// Points are delta-encoded zigzag varints of eighths of a point and whole milliseconds.
extension EventPayload {
    /// Version byte at the front of every stored payload.
    static let binaryVersion: UInt8 = 1

    /// Encodes a canonical payload (one that went through ``validated()``).
    public func binaryEncoded() -> [UInt8] {
        var w = BinaryWriter()
        w.byte(Self.binaryVersion)
        w.byte(UInt8(Kind.allCases.firstIndex(of: kind)!))
        switch self {
        case .strokeAdded(let stroke): Self.write(stroke, to: &w)
        case .strokesErased(let ids), .strokesMerged(let ids), .strokesSplit(let ids): w.strings(ids)
        case .undo, .redo: break
        case .labelCorrected(let ids, let text), .textSet(let ids, let text):
            w.strings(ids)
            w.string(text)
        case .strokesIgnored(let ids, let ignored):
            w.strings(ids)
            w.bool(ignored)
        case .screenAdded(let screen): Self.write(screen, to: &w)
        case .screenRenamed(let id, let name): w.strings([id, name])
        case .metadataSet(let change):
            w.byte(
                (change.title != nil ? 1 : 0) | (change.trainingConsent != nil ? 2 : 0) | (change.theme != nil ? 4 : 0))
            if let title = change.title { w.string(title) }
            if let consent = change.trainingConsent { w.bool(consent) }
            if let theme = change.theme { Self.write(theme, to: &w) }
        case .recognitionRun(let model, let seq):
            w.string(model)
            w.int(seq)
        case .strokesMoved(let ids, let dx, let dy):
            w.strings(ids)
            w.int(Int64((dx * 8).rounded()))
            w.int(Int64((dy * 8).rounded()))
        }
        return w.bytes
    }

    /// Decodes what ``binaryEncoded()`` wrote.
    /// - Throws: ``StrokeLogError/malformedInput(_:)`` for truncated or unknown data.
    public init(binary bytes: [UInt8]) throws {
        var r = BinaryReader(bytes)
        guard try r.byte() == Self.binaryVersion else { throw StrokeLogError.malformedInput("unknown payload version") }
        let index = Int(try r.byte())
        guard index < Kind.allCases.count else { throw StrokeLogError.malformedInput("unknown payload kind \(index)") }
        switch Kind.allCases[index] {
        case .strokeAdded: self = .strokeAdded(try Self.readStroke(&r))
        case .strokesErased: self = .strokesErased(strokeIDs: try r.strings())
        case .strokesMerged: self = .strokesMerged(strokeIDs: try r.strings())
        case .strokesSplit: self = .strokesSplit(strokeIDs: try r.strings())
        case .undo: self = .undo
        case .redo: self = .redo
        case .labelCorrected: self = .labelCorrected(strokeIDs: try r.strings(), label: try r.string())
        case .textSet: self = .textSet(strokeIDs: try r.strings(), text: try r.string())
        case .strokesIgnored: self = .strokesIgnored(strokeIDs: try r.strings(), ignored: try r.bool())
        case .screenAdded: self = .screenAdded(try Self.readScreen(&r))
        case .screenRenamed:
            let pair = try r.strings()
            guard pair.count == 2 else { throw StrokeLogError.malformedInput("screenRenamed needs id and name") }
            self = .screenRenamed(screenID: pair[0], name: pair[1])
        case .metadataSet:
            let flags = try r.byte()
            let title = flags & 1 != 0 ? try r.string() : nil
            let consent = flags & 2 != 0 ? try r.bool() : nil
            let theme = flags & 4 != 0 ? try Self.readTheme(&r) : nil
            self = .metadataSet(MetadataChange(title: title, trainingConsent: consent, theme: theme))
        case .recognitionRun: self = .recognitionRun(model: try r.string(), sawSeq: try r.int())
        case .strokesMoved:
            self = .strokesMoved(
                strokeIDs: try r.strings(), dx: try Self.readDistance(&r), dy: try Self.readDistance(&r))
        }
        guard r.isAtEnd else { throw StrokeLogError.malformedInput("trailing bytes after payload") }
    }

    static func write(_ stroke: Stroke, to w: inout BinaryWriter) {
        w.strings([stroke.id, stroke.color, stroke.screen])
        w.int(Int64((stroke.width * 8).rounded()))
        let hasPressure = stroke.points.contains { $0.pressure != nil }
        w.bool(hasPressure)
        w.varint(UInt64(stroke.points.count))
        var previous = (x: Int64(0), y: Int64(0), t: Int64(0))
        for point in stroke.points {
            let current = (
                x: Int64((point.x * 8).rounded()), y: Int64((point.y * 8).rounded()), t: Int64(point.t.rounded())
            )
            w.int(current.x - previous.x)
            w.int(current.y - previous.y)
            w.int(current.t - previous.t)
            if hasPressure { w.byte(UInt8(((point.pressure ?? 0.5) * 255).rounded())) }
            previous = current
        }
    }

    /// Stored integers stay below 2^52, so they convert to Double and back exactly.
    private static let exactLimit: UInt64 = 1 << 52

    static func readStroke(_ r: inout BinaryReader) throws -> Stroke {
        let names = try r.strings()
        guard names.count == 3 else { throw StrokeLogError.malformedInput("stroke header") }
        let eighthsOfWidth = try r.int()
        guard eighthsOfWidth.magnitude <= exactLimit else {
            throw StrokeLogError.malformedInput("stroke width out of range")
        }
        let width = Double(eighthsOfWidth) / 8
        let hasPressure = try r.bool()
        let count = try r.count()
        guard count <= Stroke.maxPoints else { throw StrokeLogError.malformedInput("stroke point count") }
        var points: [StrokePoint] = []
        points.reserveCapacity(count)
        var x: Int64 = 0
        var y: Int64 = 0
        var t: Int64 = 0
        func advance(_ value: inout Int64, by delta: Int64) throws {
            let (sum, overflow) = value.addingReportingOverflow(delta)
            guard !overflow, sum.magnitude <= exactLimit else {
                throw StrokeLogError.malformedInput("stroke point out of range")
            }
            value = sum
        }
        for _ in 0..<count {
            try advance(&x, by: r.int())
            try advance(&y, by: r.int())
            try advance(&t, by: r.int())
            let pressure = hasPressure ? Double(try r.byte()) / 255 : nil
            points.append(StrokePoint(x: Double(x) / 8, y: Double(y) / 8, t: Double(t), pressure: pressure))
        }
        return Stroke(id: names[0], points: points, color: names[1], width: width, screen: names[2])
    }

    /// One axis of a move, stored in eighths of a point.
    private static func readDistance(_ r: inout BinaryReader) throws -> Double {
        let eighths = try r.int()
        guard Double(eighths.magnitude) <= maxMoveDistance * 8 else {
            throw StrokeLogError.malformedInput("move distance out of range")
        }
        return Double(eighths) / 8
    }

    static func write(_ screen: Screen, to w: inout BinaryWriter) {
        w.strings([screen.id, screen.name])
        w.float64(screen.width)
        w.float64(screen.height)
    }

    static func readScreen(_ r: inout BinaryReader) throws -> Screen {
        let names = try r.strings()
        guard names.count == 2 else { throw StrokeLogError.malformedInput("screen header") }
        return Screen(id: names[0], name: names[1], width: try r.float64(), height: try r.float64())
    }

    static func write(_ theme: Theme, to w: inout BinaryWriter) {
        w.strings([theme.accent, theme.background])
        w.float64(theme.cornerRadius)
        w.float64(theme.typeScale)
    }

    static func readTheme(_ r: inout BinaryReader) throws -> Theme {
        let colors = try r.strings()
        guard colors.count == 2 else { throw StrokeLogError.malformedInput("theme colours") }
        return Theme(
            accent: colors[0], background: colors[1], cornerRadius: try r.float64(), typeScale: try r.float64())
    }
}
