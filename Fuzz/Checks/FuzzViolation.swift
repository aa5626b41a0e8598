/// A property a decoder broke on some input: what the fuzz targets stop on and the corpus tests
/// report. Typed refusals of bad input (thrown errors) are the expected outcome, not violations.
public struct FuzzViolation: Error, CustomStringConvertible, Sendable {
    /// What went wrong, in one line.
    public let description: String

    init(_ description: String) { self.description = description }
}

/// One decoder under fuzzing: the checks run on every input, by the libFuzzer targets in `Fuzz/`
/// and by the corpus replay tests.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// StrokeLog's binary event codec (what every stored event goes through).
    case eventCodec = "event-codec"
    /// The canvas file reader of `sketchctl recognize` and `import`.
    case canvasFile = "canvas-file"
    /// The classifier's model file reader.
    case modelFile = "model-file"
    /// The daemon's client message decoder (SessionProtocol), run on every text frame.
    case clientMessage = "client-message"

    /// Runs this target's checks on one input.
    /// - Throws: ``FuzzViolation`` when a property does not hold; nothing else.
    public func check(_ bytes: [UInt8]) throws(FuzzViolation) {
        switch self {
        case .eventCodec: try EventCodecCheck.check(bytes)
        case .canvasFile: try CanvasFileCheck.check(bytes)
        case .modelFile: try ModelFileCheck.check(bytes)
        case .clientMessage: try ClientMessageCheck.check(bytes)
        }
    }
}
