import SketchModel
import StrokeLog
import XCTest

@testable import Exporter

/// The wireframe PNG draws what the code shows: a button's title once (no grey bar through it), a
/// checkbox as a box, elements at their layout frames.
final class WireframeTests: XCTestCase {
    private let theme = ThemeTokens(theme: .standard, strokeColors: [])
    private let grey = [UInt8(170), 174, 182]

    private func render(_ elements: [Element]) throws -> Raster {
        let screen = Fixtures.screen(
            Screen(id: "main", name: "Main"), elements, layout: Fixtures.vstack(elements.map(\.id)))
        return try WireframeRenderer(recognition: screen, theme: theme, scale: 2).render()
    }

    private func pixel(_ r: Raster, _ x: Double, _ y: Double) -> [UInt8] {
        let i = (Int(y * 2) * r.width + Int(x * 2)) * 3
        return Array(r.pixels[i..<i + 3])
    }

    func testAButtonsSquiggleTitleIsNotDrawnAsAGreyBar() throws {
        let squiggle = Fixtures.element("t", .label, 140, 212, 110, 16)
        let button = Fixtures.element("b", .button, 40, 200, 310, 40, text: "LOG IN", children: [squiggle])
        let raster = try render([button])
        for y in stride(from: 201.0, to: 239, by: 1) {
            for x in stride(from: 41.0, to: 349, by: 1) {
                XCTAssertNotEqual(pixel(raster, x, y), grey, "grey at \(x),\(y)")
            }
        }
    }

    func testACheckboxIsABoxNotAToggle() throws {
        let box = Fixtures.element("c", .checkbox, 40, 200, 40, 40, isOn: false)
        let toggle = Fixtures.element("s", .toggle, 200, 200, 40, 40, isOn: false)
        let raster = try render([box, toggle])
        // Low in the left of each: a toggle's track is filled there, a checkbox is empty inside.
        XCTAssertEqual(pixel(raster, 40 + 6, 200 + 34), [255, 255, 255])
        XCTAssertNotEqual(pixel(raster, 200 + 6, 200 + 34), [255, 255, 255])
    }

    func testElementsAreDrawnAtTheirLayoutFrame() throws {
        var image = Fixtures.element("i", .image, 40, 200, 100, 100)
        image.layoutFrame = Rect(x: 200, y: 400, width: 100, height: 100)
        let raster = try render([image])
        XCTAssertEqual(pixel(raster, 60, 210), [255, 255, 255])
        XCTAssertNotEqual(pixel(raster, 220, 410), [255, 255, 255])
    }
}
