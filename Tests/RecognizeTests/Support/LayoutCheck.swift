import SketchModel
import XCTest

@testable import Recognize

/// Elements drawn at given frames, laid out as the recognizer lays out a screen, and a check that
/// a layout frame is where something was drawn.
enum LayoutCheck {
    /// The phone screen the layout tests draw on.
    static let screen = Rect(x: 0, y: 0, width: 390, height: 844)

    static func element(_ id: String, _ type: ElementType, _ x: Double, _ y: Double, _ w: Double, _ h: Double)
        -> Element
    {
        Element(id: id, type: type, frame: Rect(x: x, y: y, width: w, height: h), confidence: 1, strokeIds: [id])
    }

    /// Every element's `layoutFrame` under the layout the recognizer infers for `elements`.
    static func layoutFrames(_ elements: [Element]) -> [String: Rect] {
        let layout = StackInference.layout(of: elements, in: screen)
        return LayoutFrameResolver(screen: screen).frames(elements, layout: layout)
    }

    /// Fails unless `a`'s origin and size are each within `slack` of `b`'s.
    static func assertClose(
        _ a: Rect?, _ b: Rect, within slack: Double = 4, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let a else { return XCTFail("no layout frame", file: file, line: line) }
        for (x, y) in [(a.minX, b.minX), (a.minY, b.minY), (a.width, b.width), (a.height, b.height)] {
            XCTAssertEqual(x, y, accuracy: slack, "\(a) vs \(b)", file: file, line: line)
        }
    }
}
