import Recognize
import SketchModel
import XCTest

@testable import RecognizeTraining

/// Held-out screens through the shipped recognizer: real DoodleUINet drawings, as
/// `sketchctl evaluate-screens --set heldout` draws them.
enum HeldOutScreens {
    private static let shipped = Result { try Recognizer.shipped() }
    private static let pool = Result { try VendoredData.doodlePool { DrawingSource.heldOut.keeps($0) } }

    /// Screen `index` of `seed` and what the shipped recognizer makes of it.
    static func recognize(seed: UInt64, index: Int) throws -> (ScreenRecognition, SyntheticScreen) {
        let screen = ScreenSynthesizer.make(
            index: index, seed: seed, pool: try pool.get(), wobble: 1.2, source: .heldOut)
        return (try shipped.get().recognize(screen: screen.screen, strokes: screen.strokes, corrections: []), screen)
    }

    /// Screen `index` of `seed`, scored.
    static func score(seed: UInt64, index: Int) throws -> (ScreenScore, SyntheticScreen) {
        let (result, screen) = try recognize(seed: seed, index: index)
        return (ScreenEvaluator.score(result, against: screen), screen)
    }
}
