import Recognize

/// Assembles the labelled drawings the trainer uses: DoodleUINet split by id hash, synthetic
/// primitives from two disjoint seeds, and optional correction datasets (training only).
public struct TrainingData: Sendable {
    /// Drawings trained on.
    public var training: [LabeledDrawing] = []
    /// Held-out DoodleUINet drawings (the validation split).
    public var doodleValidation: [LabeledDrawing] = []
    /// Held-out synthetic primitives.
    public var syntheticValidation: [LabeledDrawing] = []

    /// Creates an empty set.
    public init() {}

    /// All held-out drawings (used for calibration).
    public var heldOut: [LabeledDrawing] { doodleValidation + syntheticValidation }

    /// Adds DoodleUINet records, routing each by `split`.
    /// - Throws: ``DoodleRecordError`` for a record without a known class name.
    public mutating func addDoodles(_ records: [DoodleRecord], split: ValidationSplit) throws {
        for record in records {
            guard let name = record.label, let label = PrimitiveClass(rawValue: name), label.isDoodleClass else {
                throw DoodleRecordError.badField(
                    "label", "'\(record.label ?? "null")' of '\(record.id)' is not a DoodleUINet class")
            }
            let drawing = LabeledDrawing(id: record.id, label: label, strokes: record.strokes)
            if split.isValidation(record.id) { doodleValidation.append(drawing) } else { training.append(drawing) }
        }
    }

    /// Adds `trainingPerClass` and `validationPerClass` synthetic drawings of every primitive,
    /// and as many clutter drawings (label nil).
    public mutating func addSynthetic(trainingPerClass: Int, validationPerClass: Int, seed: UInt64) {
        let heldOutSeed = seed ^ 0xA5A5_5A5A_0F0F_F0F0
        training += Self.synthetic(perClass: trainingPerClass, seed: seed, tag: "train")
        training += Self.clutter(count: trainingPerClass, seed: seed, tag: "train")
        syntheticValidation += Self.synthetic(perClass: validationPerClass, seed: heldOutSeed, tag: "validation")
        syntheticValidation += Self.clutter(count: validationPerClass, seed: heldOutSeed, tag: "validation")
    }

    /// Seeded clutter (none of the classes) on a phone-sized frame.
    public static func clutter(count: Int, seed: UInt64, tag: String) -> [LabeledDrawing] {
        var synthesizer = PrimitiveSynthesizer(seed: seed ^ 0xC1_7773_7E12)
        return (0..<count).map { n in
            LabeledDrawing(
                id: "synthetic/\(tag)/clutter/\(n)", label: nil, strokes: synthesizer.sampleClutter().strokes,
                frameSize: Point2(390, 844))
        }
    }

    /// Seeded synthetic primitives on a phone-sized frame.
    public static func synthetic(perClass: Int, seed: UInt64, tag: String) -> [LabeledDrawing] {
        var synthesizer = PrimitiveSynthesizer(seed: seed)
        var out: [LabeledDrawing] = []
        for n in 0..<perClass {
            for kind in PrimitiveClass.syntheticPrimitives {
                guard let sample = synthesizer.sample(kind) else { continue }
                out.append(
                    LabeledDrawing(
                        id: "synthetic/\(tag)/\(kind.rawValue)/\(n)", label: kind,
                        strokes: sample.strokes, frameSize: Point2(390, 844)))
            }
        }
        return out
    }
}
