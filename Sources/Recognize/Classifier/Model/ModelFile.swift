import SessionModel

/// The binary model container: little-endian, Float32 weights, checksummed.
///
/// Layout (format 2):
/// ```
/// "SKCL"                      magic, 4 bytes
/// u32 format (1)              u32 feature spec version
/// u32 class count             per class: u8 length + UTF-8 name (a PrimitiveClass raw value, or a glyph)
/// u8 none output (0/1)        whether a "none of the classes" output follows the classes
/// u32 input count             f32 temperature, f32 unknown threshold
/// f32[input] feature mean     f32[input] feature scale
/// u32 layer count             per layer: u32 in, u32 out, f32[in*out] weights, f32[out] bias
/// u32 FNV-1a checksum of every preceding byte
/// ```
public enum ModelFile {
    static let magic: [UInt8] = Array("SKCL".utf8)
    /// Container format version written by ``encode(_:)``.
    public static let formatVersion: UInt32 = 2
    /// Upper bound on any single count, so a hostile header cannot request huge allocations.
    static let maxElements = 50_000_000

    /// Serialises a model.
    public static func encode(_ model: MLPModel) -> [UInt8] {
        encode(classNames: model.classes.map(\.rawValue), featureVersion: FeatureSpec.version, model.network)
    }

    /// Reads and validates a model.
    /// - Throws: ``ModelFileError`` naming the first problem.
    public static func decode(_ bytes: [UInt8]) throws -> MLPModel {
        let (names, network) = try decode(
            bytes, featureVersion: FeatureSpec.version, inputCount: FeatureSpec.count,
            classLimit: PrimitiveClass.allCases.count,
            isClass: { PrimitiveClass(rawValue: $0) != nil })
        return MLPModel(classes: names.map { PrimitiveClass(rawValue: $0)! }, network: network)
    }

    /// Serialises any network whose outputs are `classNames` (then "none" when it has one), for
    /// feature layout `featureVersion`.
    static func encode(classNames: [String], featureVersion: UInt32, _ model: DenseNetwork) -> [UInt8] {
        var out = ByteWriter()
        out.bytes(magic)
        out.u32(formatVersion)
        out.u32(featureVersion)
        out.u32(UInt32(classNames.count))
        for c in classNames {
            let name = Array(c.utf8)
            out.bytes([UInt8(name.count)])
            out.bytes(name)
        }
        out.bytes([model.hasNoneOutput ? 1 : 0])
        out.u32(UInt32(model.inputCount))
        out.f32(model.temperature)
        out.f32(model.unknownThreshold)
        out.f32s(model.featureMean)
        out.f32s(model.featureScale)
        out.u32(UInt32(model.layers.count))
        for layer in model.layers {
            out.u32(UInt32(layer.inputCount))
            out.u32(UInt32(layer.outputCount))
            out.f32s(layer.weights)
            out.f32s(layer.bias)
        }
        out.u32(FNV1a<UInt32>.hash(out.data))
        return out.data
    }

    /// Reads and validates any network for feature layout `featureVersion` with `inputCount`
    /// inputs, whose class names pass `isClass`.
    /// - Throws: ``ModelFileError`` naming the first problem.
    static func decode(
        _ bytes: [UInt8], featureVersion: UInt32, inputCount expectedInputs: Int, classLimit: Int,
        isClass: (String) -> Bool
    ) throws -> (classNames: [String], network: DenseNetwork) {
        guard bytes.count >= 8, Array(bytes[0..<4]) == magic else { throw ModelFileError.badMagic }
        var r = ByteReader(bytes)
        r.offset = 4
        let format = try r.u32()
        guard format == formatVersion else { throw ModelFileError.unsupportedFormat(format) }
        guard bytes.count >= 16 else { throw ModelFileError.truncated }
        let stored =
            UInt32(bytes[bytes.count - 4]) | UInt32(bytes[bytes.count - 3]) << 8
            | UInt32(bytes[bytes.count - 2]) << 16 | UInt32(bytes[bytes.count - 1]) << 24
        guard FNV1a<UInt32>.hash(bytes[0..<(bytes.count - 4)]) == stored else { throw ModelFileError.checksumMismatch }
        r.end = bytes.count - 4

        let spec = try r.u32()
        guard spec == featureVersion else {
            throw ModelFileError.featureSpecMismatch(expected: featureVersion, found: spec)
        }
        let classCount = try r.count(limit: classLimit)
        var classes: [String] = []
        for _ in 0..<classCount {
            let length = Int(try r.byte())
            let name = String(decoding: try r.bytes(length), as: UTF8.self)
            guard isClass(name), !classes.contains(name) else {
                throw ModelFileError.unknownClass(name)
            }
            classes.append(name)
        }
        guard classes.count >= 2 else { throw ModelFileError.invalid("fewer than two classes") }
        let noneFlag = try r.byte()
        guard noneFlag <= 1 else { throw ModelFileError.invalid("none-output flag must be 0 or 1") }
        let outputCount = classes.count + Int(noneFlag)
        let inputCount = try r.count(limit: maxElements)
        guard inputCount == expectedInputs else {
            throw ModelFileError.invalid("input count \(inputCount) differs from feature count \(expectedInputs)")
        }
        let temperature = try r.f32()
        let threshold = try r.f32()
        guard temperature.isFinite, temperature > 0 else {
            throw ModelFileError.invalid("temperature must be positive")
        }
        guard threshold.isFinite, threshold >= 0, threshold <= 1 else {
            throw ModelFileError.invalid("unknown threshold must be in 0...1")
        }
        let mean = try r.f32s(inputCount)
        let scale = try r.f32s(inputCount)
        guard scale.allSatisfy({ $0.isFinite && $0 > 0 }) else {
            throw ModelFileError.invalid("feature scale must be positive")
        }
        let layerCount = try r.count(limit: 16)
        var layers: [DenseLayer] = []
        var expectedInput = inputCount
        for index in 0..<layerCount {
            let inCount = try r.count(limit: maxElements)
            let outCount = try r.count(limit: maxElements)
            guard inCount == expectedInput,
                inCount.multipliedReportingOverflow(by: outCount).partialValue <= maxElements
            else {
                throw ModelFileError.invalid("layer \(index) shape \(inCount)x\(outCount) does not chain")
            }
            let weights = try r.f32s(inCount * outCount)
            let bias = try r.f32s(outCount)
            layers.append(DenseLayer(inputCount: inCount, outputCount: outCount, weights: weights, bias: bias))
            expectedInput = outCount
        }
        guard !layers.isEmpty, expectedInput == outputCount else {
            throw ModelFileError.invalid("output layer size \(expectedInput) differs from output count \(outputCount)")
        }
        guard r.offset == r.end else { throw ModelFileError.trailingBytes }
        // Bounds far beyond any trained model's, so that no feature vector can overflow a logit.
        guard mean.allSatisfy({ $0.magnitude <= 1e6 }), scale.allSatisfy({ $0 >= 1e-6 && $0 <= 1e6 }) else {
            throw ModelFileError.invalid("feature normalisation out of range")
        }
        let weightsInRange = layers.allSatisfy { layer in
            layer.weights.allSatisfy { $0.magnitude <= 1e4 } && layer.bias.allSatisfy { $0.magnitude <= 1e4 }
        }
        guard weightsInRange else { throw ModelFileError.invalid("weight out of range (non-finite or over 1e4)") }
        let network = DenseNetwork(
            hasNoneOutput: noneFlag == 1, featureMean: mean, featureScale: scale, layers: layers,
            temperature: temperature, unknownThreshold: threshold)
        return (classes, network)
    }

    /// The four checksum bytes that end a model file whose other bytes are `body`.
    public static func checksumBytes<C: Collection>(of body: C) -> [UInt8] where C.Element == UInt8 {
        let hash = FNV1a<UInt32>.hash(body)
        return [UInt8(hash & 0xFF), UInt8(hash >> 8 & 0xFF), UInt8(hash >> 16 & 0xFF), UInt8(hash >> 24)]
    }
}
