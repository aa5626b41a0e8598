import Foundation
import SketchModel
import StrokeLog
import XCTest

@testable import Recognize
@testable import RecognizeTraining

/// A drawing the grouper kept in two pieces side by side, through the shipped recognizer.
final class AvatarHalvesTests: XCTestCase {
    /// Synthetic screen 61 (seed 1): the first contact's avatar (a DoodleUINet drawing of three
    /// strokes) was grouped as two pieces, each too large for the dot the classifier took it
    /// for; both were dropped and the avatar was missed. Classified together they are the avatar.
    func testAnAvatarDrawnInTwoPiecesIsFound() throws {
        let pool = try VendoredData.doodlePool { DrawingSource.synthetic.keeps($0) }
        let screen = ScreenSynthesizer.make(index: 61, seed: 1, pool: pool, wobble: 1.2, source: .synthetic)
        XCTAssertEqual(screen.kind, "contacts")
        let result = try Recognizer.shipped().recognize(screen: screen.screen, strokes: screen.strokes, corrections: [])
        let score = ScreenEvaluator.score(result, against: screen)
        XCTAssertEqual(score.missed, [])
        let list = try XCTUnwrap(result.elements.first { $0.type == .list })
        XCTAssertEqual(
            list.children.map { $0.children.contains { $0.type == .avatar } }, [true, true, true, true, true])
    }
}
