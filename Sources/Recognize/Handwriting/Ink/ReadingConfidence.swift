import Foundation

/// How likely a reading is to be right: a logistic map of the decoder's evidence, fitted on
/// writers held out from training (`sketchctl calibrate-reader`) and stored in the model's header.
/// Without a calibration it is the reading's share of the beam's probability.
public struct ReadingConfidence: Sendable {
    /// What the decoder knows of a reading.
    public struct Evidence: Sendable, Hashable {
        /// The reading's probability over that of all the readings the beam kept.
        public var share: Double
        /// Whether the words came from the lexicon or the English words.
        public var fromWords: Bool
        /// Log-probability of the reading per frame.
        public var perFrame: Double
        /// Letters read.
        public var letters: Int

        /// The calibration's inputs.
        public var features: [Double] {
            [log(max(share, 1e-6) / max(1 - share, 1e-6)), fromWords ? 1 : 0, perFrame, log(Double(max(letters, 1)))]
        }
    }

    let calibration: InkReaderModel.Calibration?

    /// A confidence from `calibration` (nil: the share).
    public init(_ calibration: InkReaderModel.Calibration?) { self.calibration = calibration }

    /// The probability that the reading with `evidence` is right.
    public func probability(_ evidence: Evidence) -> Double {
        guard let calibration, calibration.weights.count == evidence.features.count else { return evidence.share }
        let z = zip(calibration.weights, evidence.features).reduce(calibration.bias) { $0 + $1.0 * $1.1 }
        return 1 / (1 + exp(-z))
    }
}
