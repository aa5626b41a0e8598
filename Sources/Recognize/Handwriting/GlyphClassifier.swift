import Foundation

/// What the glyph classifier made of one character candidate.
public struct GlyphReading: Sendable, Hashable {
    /// Probability of every character, in ``GlyphModel/glyphs`` order.
    public var probabilities: [Double]
    /// Probability that the strokes are no character at all (a pictogram, a box, a squiggle).
    public var none: Double
}

/// Reads single handwritten characters with the shipped ``GlyphModel``: pure Swift, CPU only and
/// deterministic. Load once with ``shipped()`` and share.
public struct GlyphClassifier: Sendable {
    /// The loaded model.
    public let model: GlyphModel

    /// File name of the shipped model inside the module's `Resources` folder.
    public static let shippedModelName = "glyph-classifier.skcl"

    /// Wraps an already decoded model.
    public init(model: GlyphModel) { self.model = model }

    /// Loads the model committed under `Sources/Recognize/Resources` (no download).
    /// - Throws: ``ModelFileError`` when the resource is missing or invalid.
    public static func shipped() throws -> GlyphClassifier {
        let data = try ShippedResource.data(shippedModelName)
        return GlyphClassifier(model: try GlyphModel(bytes: [UInt8](data)))
    }

    /// Classifies the strokes of one character candidate (any size, any position).
    public func read(_ strokes: [[Point2]]) -> GlyphReading {
        guard let features = GlyphFeatures.features(of: strokes) else {
            return GlyphReading(probabilities: [Double](repeating: 0, count: model.glyphs.count), none: 1)
        }
        var p = model.network.probabilities(for: features)
        let none = p.removeLast()
        return GlyphReading(probabilities: p, none: none)
    }
}
