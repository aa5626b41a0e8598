import Foundation

/// A trained ink reader (`scripts/handwriting/train_reader.py`): 1-D convolutions over
/// ``InkFeatures`` rows, then a linear layer to CTC's blank and the characters of ``charset``.
///
/// The `.skir` container, little-endian:
/// ```
/// "SKIR"   u32 format (1)   u32 header length   header (JSON, below)
/// f32 tensors in order: per convolution its weights [out, in, kernel] and bias [out];
///                       then the output layer's weights [classes, width] and bias [classes]
/// u32 FNV-1a checksum of every preceding byte
/// ```
/// The header names the charset, the feature version and count, each convolution (`in`, `out`,
/// `kernel`, `stride`, `dilation`, `residual`), the class count, the calibration of the reader's
/// confidence, and the citation and terms of the data it was trained on.
public struct InkReaderModel: Sendable {
    /// One convolution over time, its batch norm folded in, followed by ReLU; added to its input
    /// when `residual`.
    public struct Convolution: Sendable, Codable, Hashable {
        public var `in`: Int
        public var out: Int
        public var kernel: Int
        public var stride: Int
        public var dilation: Int
        public var residual: Bool
    }

    /// The logistic map from the decoder's evidence to the probability that a reading is right,
    /// fitted on writers held out from training (``ReadingConfidence``).
    public struct Calibration: Sendable, Codable, Hashable {
        public var weights: [Double]
        public var bias: Double

        /// A calibration of `weights` (one per ``ReadingConfidence/Evidence/features``) and `bias`.
        public init(weights: [Double], bias: Double) {
            self.weights = weights
            self.bias = bias
        }
    }

    /// The header as stored.
    public struct Header: Sendable, Codable {
        public var charset: String
        public var featureVersion: Int
        public var featureCount: Int
        public var convolutions: [Convolution]
        public var classes: Int
        public var citation: String?
        public var terms: String?
        public var validationCER: Double?
        public var epoch: Int?
        public var calibration: Calibration?
    }

    /// The header.
    public var header: Header
    /// Per convolution, weights as [out][in × kernel] (input channel major) and bias.
    let convolutionWeights: [(weights: [Float], bias: [Float])]
    /// The output layer: [classes][width] and bias.
    let outputWeights: [Float]
    let outputBias: [Float]

    /// The characters after the blank, in output order.
    public var charset: [Character] { Array(header.charset) }

    /// File name of the shipped model in the module's `Resources` folder.
    public static let shippedName = "ink-reader.skir"
    static let magic: [UInt8] = Array("SKIR".utf8)
    static let formatVersion: UInt32 = 1
    static let maxElements = 20_000_000

    /// The shipped model.
    /// - Throws: ``ModelFileError`` when it is missing or invalid.
    public static func shipped() throws -> InkReaderModel {
        try InkReaderModel(bytes: Array(ShippedResource.data(shippedName)))
    }

    /// Reads and validates a model file.
    /// - Throws: ``ModelFileError`` naming the first problem.
    public init(bytes: [UInt8]) throws {
        guard bytes.count >= 16 else { throw ModelFileError.truncated }
        guard Array(bytes[0..<4]) == Self.magic else { throw ModelFileError.badMagic }
        let checked = bytes.count - 4
        guard Self.fnv1a(bytes[0..<checked]) == Self.u32(bytes, at: checked) else {
            throw ModelFileError.checksumMismatch
        }
        let format = Self.u32(bytes, at: 4)
        guard format == Self.formatVersion else { throw ModelFileError.unsupportedFormat(format) }
        let headerLength = Int(Self.u32(bytes, at: 8))
        guard headerLength <= checked - 12 else { throw ModelFileError.truncated }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: Data(bytes[12..<(12 + headerLength)]))
        } catch {
            throw ModelFileError.invalid("header: \(error)")
        }
        guard header.featureVersion == InkFeatures.version, header.featureCount == InkFeatures.count else {
            throw ModelFileError.featureSpecMismatch(
                expected: UInt32(InkFeatures.version), found: UInt32(max(0, header.featureVersion)))
        }
        let charset = Array(header.charset)
        guard !charset.isEmpty, Set(charset).count == charset.count, header.classes == charset.count + 1 else {
            throw ModelFileError.invalid("the charset and the class count disagree")
        }
        guard let first = header.convolutions.first, first.in == InkFeatures.count else {
            throw ModelFileError.invalid("the first convolution must read \(InkFeatures.count) features")
        }
        var offset = 12 + headerLength
        func floats(_ n: Int) throws -> [Float] {
            guard n >= 0, n <= Self.maxElements, offset + 4 * n <= checked else { throw ModelFileError.truncated }
            var out = [Float](repeating: 0, count: n)
            for i in 0..<n { out[i] = Float(bitPattern: Self.u32(bytes, at: offset + 4 * i)) }
            offset += 4 * n
            guard out.allSatisfy(\.isFinite) else { throw ModelFileError.invalid("a weight is not finite") }
            return out
        }
        var width = InkFeatures.count
        var weights: [(weights: [Float], bias: [Float])] = []
        for c in header.convolutions {
            guard c.in == width, c.out > 0, c.out <= 4096, (1...15).contains(c.kernel), c.kernel % 2 == 1,
                (1...4).contains(c.stride),
                (1...64).contains(c.dilation), !c.residual || (c.in == c.out && c.stride == 1)
            else { throw ModelFileError.invalid("convolution \(weights.count) does not fit") }
            weights.append((try floats(c.out * c.in * c.kernel), try floats(c.out)))
            width = c.out
        }
        outputWeights = try floats(header.classes * width)
        outputBias = try floats(header.classes)
        guard offset == checked else { throw ModelFileError.trailingBytes }
        self.header = header
        self.convolutionWeights = weights
    }

    /// How many input rows make one output frame.
    public var framesPerRow: Int { header.convolutions.reduce(1) { $0 * $1.stride } }

    /// The model with `calibration` in its header, serialised.
    public func encoded(calibration: Calibration?) throws -> [UInt8] {
        var header = self.header
        header.calibration = calibration
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = Array(try encoder.encode(header))
        var out = Self.magic
        Self.append(Self.formatVersion, to: &out)
        Self.append(UInt32(json.count), to: &out)
        out += json
        for (w, b) in convolutionWeights {
            for v in w + b { Self.append(v.bitPattern, to: &out) }
        }
        for v in outputWeights + outputBias { Self.append(v.bitPattern, to: &out) }
        Self.append(Self.fnv1a(out[...]), to: &out)
        return out
    }

    static func u32(_ bytes: [UInt8], at i: Int) -> UInt32 {
        UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
    }

    static func append(_ v: UInt32, to out: inout [UInt8]) {
        out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
    }

    static func fnv1a(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var h: UInt32 = 0x811C_9DC5
        for b in bytes { h = (h ^ UInt32(b)) &* 0x0100_0193 }
        return h
    }
}
