import Recognize
@testable import RecognizeTraining

/// Screens of the held-out set (`sketchctl evaluate-screens --set heldout`): real DoodleUINet
/// drawings from the vendored file, recognised by the shipped recognizer and scored as the
/// evaluation scores them.
enum HeldOutScreens {
    private static let shipped = Result { try Recognizer.shipped() }
    private static let pool = Result { try VendoredData.doodlePool { DrawingSource.heldOut.keeps($0) } }

    /// The score of screen `index` of `seed`, with the screen as drawn.
    static func score(seed: UInt64, index: Int) throws -> (ScreenScore, SyntheticScreen) {
        let screen = ScreenSynthesizer.make(index: index, seed: seed, pool: try pool.get(), wobble: 1.2, source: .heldOut)
        let result = try shipped.get().recognize(screen: screen.screen, strokes: screen.strokes, corrections: [])
        return (ScreenEvaluator.score(result, against: screen), screen)
    }
}
