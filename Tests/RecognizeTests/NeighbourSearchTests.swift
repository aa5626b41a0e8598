import SketchModel
import StrokeLog
import XCTest

@testable import Recognize

/// The shortcuts that compare only neighbours give what comparing everything gives.
final class NeighbourSearchTests: XCTestCase {
    /// Random boxes on a coarse grid, so that many share an edge, overlap or are drawn twice.
    private func boxes(_ count: Int, maxSide: Double, random: inout SeededGenerator) -> [Rect] {
        (0..<count).map { _ in
            let x = (random.unit() * 40).rounded() * 10
            let y = (random.unit() * 80).rounded() * 10
            return Rect(
                x: x, y: y, width: 2 + (random.unit() * maxSide).rounded(),
                height: 2 + (random.unit() * maxSide).rounded())
        }
    }

    func testReadingOrderCutIsTheTreesLeafOrder() {
        var random = SeededGenerator(seed: 19)
        for round in 0..<400 {
            let frames = boxes(1 + round % 14, maxSide: 200, random: &random)
            let ids = frames.indices.map { "e\($0 * 7 % 5)-\($0)" }
            for slack in [0, StackInference.xyCutSlack] {
                for axis in [StackTree.Axis.vertical, .horizontal] {
                    let cut = RecursiveCut(slack: slack)
                    let tree = cut.tree(zip(ids, frames).map { StackTree.leaf(id: $0, frame: $1) }, startingWith: axis)
                    var leaves: [String] = []
                    tree.forEachID { leaves.append($0) }
                    XCTAssertEqual(
                        cut.order(frames: frames, ids: ids, startingWith: axis).map { ids[$0] }, leaves,
                        "round \(round)")
                }
            }
        }
    }

    func testNeighbourPairsAreEveryPairOnOneLine() {
        var random = SeededGenerator(seed: 7)
        var joined = 0
        for round in 0..<300 {
            var frames = boxes(2 + round % 30, maxSide: 88, random: &random)
            if round % 50 == 0 { frames[0].x = .nan }
            let indexes = frames.indices.map { 3 * $0 + 1 }
            var everyPair: [[Int]] = []
            for a in frames.indices {
                for b in frames.indices where a < b && TextFinder.sameLine(frames[a], frames[b]) {
                    everyPair.append([indexes[a], indexes[b]])
                }
            }
            let neighbours = TextFinder.neighbourPairs(frames, indexes: indexes).map { [$0.0, $0.1] }
            XCTAssertEqual(Set(neighbours), Set(everyPair), "round \(round)")
            XCTAssertEqual(neighbours.count, everyPair.count, "round \(round): each pair once")
            joined += everyPair.count
        }
        XCTAssertGreaterThan(joined, 500, "the screens have strokes on one line to find")
    }
}
