import ArgumentParser
import Foundation
import Recognize
import RecognizeTraining
import StrokeLog

/// `sketchctl calibrate-reader`: fits the reader's confidence on the validation writers'
/// words and writes the model with its calibration.
struct CalibrateReaderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate-reader",
        abstract: "Fit the handwriting reader's confidence to how often it is right, on IAM-OnDB validation writers.",
        discussion: """
            Reads words and phrases of the validation writers (never trained on; the test writers are \
            not read), fits a logistic map from the decoder's evidence to an exact reading, and writes \
            the model with it to --out.
            """)

    @Option(help: "IAM-OnDB lines (lines.ndjson or .gz).") var iam: String
    @Option(help: "The model to calibrate (default: the shipped one).") var model: String?
    @Option(help: "Where to write the calibrated model.") var out: String
    @Option(help: "Phrases per writer at most.") var perWriter = 60
    @Option(help: "Seed for the cuts, sizes and places.") var seed: UInt64 = 2

    func run() throws {
        try reportingErrors {
            let reader = try ReaderOptions.reader(model: model)
            let lines = try IAMOnDBLine.load(URL(fileURLWithPath: iam), part: .validation)
            let phrases = WrittenPhrase.sample(lines, perWriter: perWriter, seed: seed)
            var evidence: [ReadingConfidence.Evidence] = []
            var right: [Bool] = []
            for phrase in phrases {
                guard let read = reader.read(phrase.strokes) else { continue }
                evidence.append(read.evidence)
                right.append(read.text == phrase.text)
            }
            guard evidence.count >= 50 else {
                throw CLIFailure("only \(evidence.count) readings: too few to calibrate")
            }
            let calibration = ConfidenceFit.fit(evidence, right: right)
            let confidence = ReadingConfidence(calibration)
            let table = ConfidenceFit.reliability(evidence.map { confidence.probability($0) }, right: right)
            try Data(try reader.model.encoded(calibration: calibration)).write(to: URL(fileURLWithPath: out))
            printOut(
                try JSONText.encode(
                    Report(
                        readings: evidence.count, right: Double(right.filter { $0 }.count) / Double(right.count),
                        calibration: calibration, reliability: table), pretty: true))
        }
    }

    struct Report: Encodable {
        let readings: Int
        let right: Double
        let calibration: InkReaderModel.Calibration
        let reliability: [ConfidenceFit.Bin]
    }
}
