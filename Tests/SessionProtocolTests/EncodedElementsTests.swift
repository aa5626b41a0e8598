import SketchModel
import StrokeLog
import XCTest

@testable import SessionProtocol

/// Elements reused by id at any depth give JSONWire's bytes message after message: elements
/// changed deep in a tree, elements gone and back (before and after the table's sweeps), ids
/// repeated within one message.
final class EncodedElementsTests: XCTestCase {
    func testBytesAreJSONWiresAcrossEditsAndSweeps() {
        var generator = SeededGenerator(seed: 11)
        func leaf(_ id: String) -> Element {
            Element(
                id: id, type: .container, frame: Rect(x: 8, y: Double(id.count) * 10, width: 80, height: 48),
                confidence: 0.9, strokeIds: [id])
        }
        var rows = (0..<9).map { row in
            var wrapper = leaf("row-\(row)")
            wrapper.children = (0..<4).map { leaf("e-\(row)-\($0)") }
            return wrapper
        }
        var encoder = EncodedElements()
        var last: [UInt8] = Array("[]".utf8)
        var lastFresh: [Element] = []
        for step in 0..<(3 * EncodedElements.sweepInterval + 5) {
            let row = Int.random(in: 0..<rows.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: rows[row].children[Int.random(in: 0..<rows[row].children.count, using: &generator)].frame.x += 0.5
            case 1: rows[row].children.append(leaf("e-\(row)-extra-\(step % 3)"))
            case 2 where rows[row].children.count > 1: rows[row].children.removeLast()
            case 3: rows[row].children[0].text = "say \"\(step)\""
            default: rows[row].children.append(rows[(row + 1) % rows.count].children[0])  // an id twice in one message
            }
            var list = leaf("list")
            list.children = rows
            let fresh = step % 7 == 0 ? [list, leaf("image-\(step % 2)")] : [list]
            let changed = encoder.take(fresh)
            let expected = JSONWire.encode(fresh)
            XCTAssertEqual(
                String(decoding: encoder.bytes, as: UTF8.self), String(decoding: expected, as: UTF8.self),
                "step \(step)")
            XCTAssertEqual(changed, expected != last, "step \(step)")
            last = expected
            lastFresh = fresh
        }
        XCTAssertFalse(encoder.take(lastFresh), "the same elements again")
    }
}
