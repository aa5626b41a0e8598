import Recognize

/// The model file reader: any bytes either load or are refused with a typed error; a loaded
/// model writes back to the same bytes and gives finite probabilities that sum to 1.
///
/// Model files end in a checksum, which random mutations nearly always break; the input is
/// tried as it is and again with its checksum made right, so the fuzzer reaches the fields.
enum ModelFileCheck {
    static func check(_ bytes: [UInt8]) throws(FuzzViolation) {
        try load(bytes)
        if bytes.count >= 8 { try load(Array(bytes.dropLast(4)) + ModelFile.checksumBytes(of: bytes.dropLast(4))) }
    }

    private static func load(_ bytes: [UInt8]) throws(FuzzViolation) {
        let model: MLPModel
        do {
            model = try ModelFile.decode(bytes)
        } catch is ModelFileError {
            return
        } catch {
            throw FuzzViolation("untyped load error: \(error)")
        }
        guard ModelFile.encode(model) == bytes else {
            throw FuzzViolation("a loaded model does not write back to its bytes")
        }
        let probabilities = model.probabilities(for: [Float](repeating: 0, count: model.inputCount))
        guard probabilities.count == model.outputCount else { throw FuzzViolation("wrong number of outputs") }
        guard probabilities.allSatisfy(\.isFinite), abs(probabilities.reduce(0, +) - 1) < 1e-6 else {
            throw FuzzViolation("probabilities are not finite or do not sum to 1")
        }
    }
}
