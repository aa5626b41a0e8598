import Recognize
import RecognizeTraining
import SessionModel
import XCTest

/// The training set's assembly and the per-epoch jitter: seeded, so a model retrains the same.
final class TrainingDataTests: XCTestCase {
    func testSyntheticDrawingsAreSeededAndHeldOutOnesAreOthers() throws {
        var set = TrainingData()
        set.addSynthetic(trainingPerClass: 2, validationPerClass: 1, seed: 7)
        var again = TrainingData()
        again.addSynthetic(trainingPerClass: 2, validationPerClass: 1, seed: 7)
        XCTAssertEqual(set.training, again.training, "the same seed draws the same drawings")
        XCTAssertEqual(set.syntheticValidation, again.syntheticValidation)

        let primitives = PrimitiveClass.syntheticPrimitives.count
        XCTAssertLessThanOrEqual(set.training.count, 2 * primitives + 2)
        XCTAssertGreaterThan(set.training.count, 2)
        XCTAssertEqual(set.training.filter { $0.label == nil }.count, 2, "as many clutter drawings as per class")
        XCTAssertEqual(set.syntheticValidation.filter { $0.label == nil }.count, 1)
        XCTAssertTrue(set.training.allSatisfy { $0.frameSize == Point2(390, 844) })
        XCTAssertTrue(set.training.allSatisfy { $0.label.map { !$0.isDoodleClass } ?? true })

        let trainingIDs = Set(set.training.map(\.id))
        XCTAssertEqual(trainingIDs.count, set.training.count, "ids are unique")
        XCTAssertTrue(trainingIDs.isDisjoint(with: set.syntheticValidation.map(\.id)))
        XCTAssertTrue(
            Set(set.training.map(\.strokes)).isDisjoint(with: set.syntheticValidation.map(\.strokes)),
            "held-out drawings come from another seed")
        XCTAssertEqual(set.heldOut, set.doodleValidation + set.syntheticValidation)

        var other = TrainingData()
        other.addSynthetic(trainingPerClass: 2, validationPerClass: 1, seed: 8)
        XCTAssertNotEqual(other.training.map(\.strokes), set.training.map(\.strokes))
    }

    func testDoodlesAreRoutedByTheirIdsFoldAndNeedADoodleClass() throws {
        let split = ValidationSplit(foldCount: 2, validationFold: 1)
        let ids = (0..<12).map { "doodle-\($0)" }
        let text = ids.map { #"{"id": "\#($0)", "label": "star", "strokes": [[[0, 10, 20], [0, 15, 0]]]}"# }
            .joined(separator: "\n")
        var set = TrainingData()
        try set.addDoodles(try DoodleRecord.parseAll(text), split: split)
        XCTAssertEqual(set.doodleValidation.map(\.id), ids.filter(split.isValidation))
        XCTAssertEqual(set.training.map(\.id), ids.filter { !split.isValidation($0) })
        XCTAssertFalse(set.doodleValidation.isEmpty)
        XCTAssertFalse(set.training.isEmpty)
        XCTAssertTrue((set.training + set.doodleValidation).allSatisfy { $0.label == .star && $0.frameSize == nil })
        XCTAssertEqual(set.training.first?.strokes, [[Point2(0, 0), Point2(10, 15), Point2(20, 0)]])

        let primitive = try DoodleRecord.parseAll(#"{"id": "p", "label": "rectangle", "strokes": []}"#)
        XCTAssertThrowsError(try set.addDoodles(primitive, split: split), "a primitive is no DoodleUINet class")
        let unlabeled = try DoodleRecord.parseAll(#"{"id": "u", "strokes": []}"#)
        XCTAssertThrowsError(try set.addDoodles(unlabeled, split: split))
    }

    func testAugmentationIsSeededAndWithoutJitterOnlyCentres() {
        let strokes = [[Point2(10, 10), Point2(50, 10), Point2(50, 30)], [Point2(20, 40), Point2(30, 20)]]
        let augmentation = Augmentation()
        var a = SeededGenerator(seed: 3)
        var b = SeededGenerator(seed: 3)
        var c = SeededGenerator(seed: 4)
        let first = augmentation.apply(strokes, frame: nil, using: &a)
        XCTAssertEqual(first.strokes, augmentation.apply(strokes, frame: nil, using: &b).strokes)
        XCTAssertNotEqual(first.strokes, augmentation.apply(strokes, frame: nil, using: &c).strokes)
        XCTAssertEqual(first.strokes.map(\.count), [3, 2], "every point is kept")

        let still = Self.withoutJitter()
        var rng = SeededGenerator(seed: 5)
        let frame = Point2(390, 844)
        let centred = still.apply(strokes, frame: frame, using: &rng)
        let centre = Point2(30, 25)
        XCTAssertEqual(centred.strokes, strokes.map { $0.map { $0 - centre } })
        XCTAssertEqual(centred.frame, frame)

        let empty = still.apply([], frame: frame, using: &rng)
        XCTAssertTrue(empty.strokes.isEmpty)
        XCTAssertEqual(empty.frame, frame)
    }

    func testAugmentationPlacesFramelessDrawingsOnAPhoneAtAnIconSize() throws {
        var placing = Self.withoutJitter()
        placing.placeOnFrame = 1
        var dropping = Augmentation()
        dropping.dropFrame = 1
        let strokes = [[Point2(0, 0), Point2(1000, 400)]]
        for seed in UInt64(0)..<20 {
            var rng = SeededGenerator(seed: seed)
            let placed = placing.apply(strokes, frame: nil, using: &rng)
            XCTAssertEqual(placed.frame, placing.phoneFrame)
            let box = try XCTUnwrap(placed.strokes.bounds)
            let side = max(box.max.x - box.min.x, box.max.y - box.min.y)
            XCTAssertGreaterThanOrEqual(side, placing.placedSize.lowerBound - 1e-9)
            XCTAssertLessThanOrEqual(side, placing.placedSize.upperBound + 1e-9)
            XCTAssertNil(dropping.apply(strokes, frame: Point2(390, 844), using: &rng).frame)
        }
    }

    /// An augmentation that neither turns, scales, shears, shifts nor shakes, and keeps the frame.
    private static func withoutJitter() -> Augmentation {
        var augmentation = Augmentation()
        augmentation.rotation = 0
        augmentation.logScale = 0
        augmentation.shear = 0
        augmentation.strokeShift = 0
        augmentation.tremor = 0
        augmentation.placeOnFrame = 0
        augmentation.dropFrame = 0
        return augmentation
    }
}
