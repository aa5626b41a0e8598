import Recognize
import SketchModel
import XCTest

@testable import RecognizeTraining

/// The layout keeps everything on the phone, at the width it was drawn on and on a narrower one:
/// what the code lets shrink shrinks, and what has a size of its own moves in.
final class ScreenFitTests: XCTestCase {
    private let drawn = LayoutCheck.screen
    private let narrow = Rect(x: 0, y: 0, width: 320, height: 568)

    private func element(
        _ id: String, _ type: ElementType, _ x: Double, _ y: Double, _ w: Double, _ h: Double, children: [Element] = []
    ) -> Element {
        var element = LayoutCheck.element(id, type, x, y, w, h)
        element.children = children
        return element
    }

    /// Every frame `elements` get on a phone of `device`'s width, drawn on the 390-point screen.
    private func frames(_ elements: [Element], on device: Rect) -> [String: Rect] {
        let layout = StackInference.layout(of: elements, in: drawn)
        return LayoutFrameResolver(screen: device, drawn: drawn).frames(elements, layout: layout)
    }

    private func assertInside(
        _ frames: [String: Rect], _ device: Rect, file: StaticString = #filePath, line: UInt = #line
    ) {
        for (id, frame) in frames {
            XCTAssertGreaterThanOrEqual(
                frame.minX, device.minX - ScreenFit.tolerance, "\(id) \(frame)", file: file, line: line)
            XCTAssertLessThanOrEqual(
                frame.maxX, device.maxX + ScreenFit.tolerance, "\(id) \(frame)", file: file, line: line)
        }
    }

    /// A picture drawn at x = 200, 152 wide, beside a label: on a 320-point phone both stay on it,
    /// side by side, and the picture narrows rather than the label overlapping it.
    func testAPictureBesideALabelNarrowsOnANarrowerPhone() throws {
        let row = [element("name", .label, 24, 120, 150, 20), element("photo", .image, 200, 100, 152, 80)]
        let wide = frames(row, on: drawn)
        LayoutCheck.assertClose(wide["photo"], row[1].frame)
        let small = frames(row, on: narrow)
        assertInside(small, narrow)
        let name = try XCTUnwrap(small["name"])
        let photo = try XCTUnwrap(small["photo"])
        XCTAssertLessThanOrEqual(name.maxX, photo.minX + ScreenFit.tolerance)
        XCTAssertLessThan(photo.width, 152)
        XCTAssertGreaterThan(photo.width, 0)
    }

    /// A navigation bar's trailing button keeps its inset from the trailing edge of a narrower
    /// phone, rather than its drawn distance from an edge of the narrower screen.
    func testABarButtonKeepsItsInsetFromTheTrailingEdge() throws {
        let bar = element("bar", .navigationBar, 0, 44, 390, 44, children: [element("search", .icon, 344, 54, 24, 24)])
        let small = frames([bar, element("body", .label, 24, 120, 200, 20)], on: narrow)
        assertInside(small, narrow)
        let search = try XCTUnwrap(small["search"])
        XCTAssertEqual(narrow.maxX - search.maxX, 390 - 368, accuracy: 0.01)
    }

    /// A list's rows stay inside the list when the phone narrows it: a row keeps its insets and
    /// narrows, and the switch on its trailing edge keeps its size.
    func testAListsRowsNarrowWithTheList() throws {
        let row = element("row", .container, 24, 200, 342, 44, children: [element("toggle", .toggle, 300, 210, 52, 24)])
        let list = element("list", .list, 24, 200, 342, 88, children: [row])
        let small = frames([element("title", .label, 24, 120, 200, 32), list], on: narrow)
        assertInside(small, narrow)
        let placedList = try XCTUnwrap(small["list"])
        let placedRow = try XCTUnwrap(small["row"])
        let toggle = try XCTUnwrap(small["toggle"])
        XCTAssertGreaterThanOrEqual(placedRow.minX, placedList.minX - ScreenFit.tolerance)
        XCTAssertLessThanOrEqual(placedRow.maxX, placedList.maxX + ScreenFit.tolerance)
        XCTAssertEqual(toggle.width, 52)
        XCTAssertLessThanOrEqual(toggle.maxX, placedRow.maxX + ScreenFit.tolerance)
    }

    /// What has a size of its own does not shrink: a row of switches wider than the phone is the
    /// one case that may still cross the edge, and the check says so.
    func testTheCheckSeesWhatCannotShrink() {
        let switches = (0..<6).map { element("s\($0)", .toggle, 24 + Double($0) * 58, 120, 52, 32) }
        let small = frames(switches, on: narrow)
        XCTAssertTrue(small.values.contains { $0.maxX > narrow.maxX + ScreenFit.tolerance }, "\(small)")
    }

    /// Content that stops short of the trailing edge keeps the leading margin on both sides, so a
    /// view drawn centred on the screen is centred, not padded to balance the column.
    func testACentredViewIsCentredNotPadded() throws {
        let drawn = [
            element("name", .label, 40, 120, 200, 20), element("field", .textField, 40, 160, 230, 36),
            element("photo", .image, 135, 240, 120, 80),
        ]
        let layout = StackInference.layout(of: drawn, in: self.drawn)
        guard case .vstack(let root) = layout else { return XCTFail("\(layout)") }
        XCTAssertEqual(root.padding.leading, 40)
        XCTAssertEqual(root.padding.trailing, 40)
        guard case .hstack(let row)? = root.children.last else { return XCTFail("\(layout)") }
        XCTAssertEqual(row.children, [.spacer(minLength: 0), .element(id: "photo"), .spacer(minLength: 0)])
        XCTAssertEqual(row.padding.leading, 0)
        XCTAssertEqual(row.padding.trailing, 0)
        LayoutCheck.assertClose(frames(drawn, on: self.drawn)["photo"], drawn[2].frame)
    }

    /// Held-out screens (real DoodleUINet drawings): nothing past either edge at the drawn width or
    /// on a 320-point phone.
    func testHeldOutScreensFitAtTheirWidthAndOnANarrowerPhone() throws {
        for index in 0..<12 {
            let (result, _) = try HeldOutScreens.recognize(seed: 7, index: index)
            XCTAssertEqual(ScreenFit.overflows(result), [], "screen \(index) at its width")
            XCTAssertEqual(ScreenFit.overflows(result, width: 320), [], "screen \(index) at 320 pt")
        }
    }
}
