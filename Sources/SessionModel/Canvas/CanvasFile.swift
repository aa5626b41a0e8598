import Foundation

/// The canvas file of docs/NOTATION.md: the input of `sketchctl recognize` and `import`.
///
/// ```json
/// {"canvas": {"width": 390, "height": 844},
///  "strokes": [{"id": "s1", "points": [[x, y], [x, y, t]], "color": "#1f6feb", "width": 2.0}]}
/// ```
public struct CanvasFile: Hashable, Sendable, Codable {
    /// The frame size.
    public struct Size: Hashable, Sendable, Codable {
        /// Width in points.
        public var width: Double
        /// Height in points.
        public var height: Double

        /// Creates a size.
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// One stroke as the file spells it.
    public struct FileStroke: Hashable, Sendable, Codable {
        /// Stroke id.
        public var id: String
        /// Points as `[x, y]`, `[x, y, t]` or `[x, y, t, pressure]`.
        public var points: [StrokePoint]
        /// Optional CSS colour.
        public var color: String?
        /// Optional pen width.
        public var width: Double?

        /// Creates a file stroke.
        public init(id: String, points: [StrokePoint], color: String? = nil, width: Double? = nil) {
            self.id = id
            self.points = points
            self.color = color
            self.width = width
        }
    }

    /// The phone frame.
    public var canvas: Size
    /// Strokes in drawing order.
    public var strokes: [FileStroke]

    /// Creates a canvas file.
    public init(canvas: Size, strokes: [FileStroke]) {
        self.canvas = canvas
        self.strokes = strokes
    }

    /// Parses and validates a canvas file.
    /// - Throws: ``StrokeLogError/malformedInput(_:)`` for bad JSON, and the validation errors of
    ///   ``Stroke/validated()`` (NaN coordinates, too many points, bad ids) for bad strokes.
    public static func parse(_ data: Data) throws -> CanvasFile {
        let file: CanvasFile
        do {
            file = try JSONDecoder().decode(CanvasFile.self, from: data)
        } catch let error as DecodingError {
            throw StrokeLogError.malformedInput(Self.describe(error))
        } catch {
            throw StrokeLogError.malformedInput("not valid JSON")
        }
        _ = try file.screen(id: Screen.mainID).validated()
        var seen = Set<String>()
        for stroke in file.strokes {
            guard seen.insert(stroke.id).inserted else {
                throw StrokeLogError.invalidEvent("duplicate stroke id '\(stroke.id)'")
            }
        }
        _ = try file.strokes(onScreen: Screen.mainID)
        return file
    }

    /// The file's frame as a screen.
    public func screen(id: String, name: String = "Main") -> Screen {
        Screen(id: id, name: name, width: canvas.width, height: canvas.height)
    }

    /// The strokes, validated and canonical, placed on `screenID`.
    public func strokes(onScreen screenID: String) throws -> [Stroke] {
        try strokes.map { file in
            try Stroke(
                id: file.id, points: file.points, color: file.color ?? Stroke.defaultColor,
                width: file.width ?? 2, screen: screenID
            ).validated()
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context): return context.debugDescription + Self.path(context.codingPath)
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)'" + Self.path(context.codingPath)
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type" + Self.path(context.codingPath) + ": " + context.debugDescription
        @unknown default: return "unreadable JSON"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty
            ? "" : " at " + codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
