/// Why a model file was refused.
public enum ModelFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The shipped model is missing from the module's resources.
    case missingResource(String)
    /// The file does not start with the ``ModelFile`` magic bytes.
    case badMagic
    /// The container format is newer or older than this build understands.
    case unsupportedFormat(UInt32)
    /// The weights were trained for another feature layout.
    case featureSpecMismatch(expected: UInt32, found: UInt32)
    /// The file ends before all declared data was read.
    case truncated
    /// Bytes follow the checksum.
    case trailingBytes
    /// The stored checksum does not match the content.
    case checksumMismatch
    /// A class name is not a ``PrimitiveClass``, or appears twice.
    case unknownClass(String)
    /// Shapes, counts or values are inconsistent (the message says which).
    case invalid(String)

    /// Stable machine-readable code.
    public var code: String {
        switch self {
        case .missingResource: "model_missing"
        case .badMagic: "model_bad_magic"
        case .unsupportedFormat: "model_unsupported_format"
        case .featureSpecMismatch: "model_feature_spec_mismatch"
        case .truncated: "model_truncated"
        case .trailingBytes: "model_trailing_bytes"
        case .checksumMismatch: "model_checksum_mismatch"
        case .unknownClass: "model_unknown_class"
        case .invalid: "model_invalid"
        }
    }

    public var description: String {
        switch self {
        case .missingResource(let name): "model resource '\(name)' is missing from the bundle"
        case .badMagic: "not a sketchd classifier model (bad magic)"
        case .unsupportedFormat(let v): "unsupported model format version \(v)"
        case .featureSpecMismatch(let e, let f): "model trained for feature spec \(f), this build computes spec \(e)"
        case .truncated: "model file is truncated"
        case .trailingBytes: "model file has bytes after its checksum"
        case .checksumMismatch: "model file checksum does not match (corrupted)"
        case .unknownClass(let name): "model names unknown or duplicate class '\(name)'"
        case .invalid(let why): "invalid model: \(why)"
        }
    }
}
