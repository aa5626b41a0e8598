import SketchModel
import StrokeLog
import XCTest

@testable import Recognize

final class CompositionTests: XCTestCase {
    private func only(_ result: ScreenRecognition, file: StaticString = #filePath, line: UInt = #line) -> Element? {
        XCTAssertEqual(result.elements.count, 1, "elements: \(result.elements.map(\.type))", file: file, line: line)
        return result.elements.first
    }

    func testRectangleWithCentredSquiggleIsAButtonHoldingItsLabel() throws {
        var s = Sketch()
        s.rect("r", 40, 300, 310, 48)
        s.squiggle("t", 150, 319, 90)
        let button = try XCTUnwrap(only(try s.recognize()))
        XCTAssertEqual(button.type, .button)
        XCTAssertEqual(button.strokeIds, ["r", "t"])
        XCTAssertEqual(button.children.map(\.type), [.label])
        XCTAssertEqual(button.id, "e-r")
    }

    func testWideEmptyRectangleIsATextFieldAndAShortSquiggleAtItsLeftIsItsPlaceholder() throws {
        var empty = Sketch()
        empty.rect("r", 30, 200, 330, 44)
        XCTAssertEqual(only(try empty.recognize())?.type, .textField)

        var placeholder = Sketch()
        placeholder.rect("r", 30, 200, 330, 44)
        placeholder.squiggle("t", 42, 217, 90)
        let field = try XCTUnwrap(only(try placeholder.recognize()))
        XCTAssertEqual(field.type, .textField)
        XCTAssertEqual(field.strokeIds, ["r", "t"])
    }

    func testRectangleWithBothDiagonalsIsAnImage() throws {
        var s = Sketch()
        s.rect("r", 40, 120, 200, 150)
        s.line("d1", 42, 122, 238, 268, label: "cancel")
        s.line("d2", 238, 122, 42, 268, label: "cancel")
        s.whole(["r", "d1", "d2"], "crossedBox")
        XCTAssertEqual(only(try s.recognize())?.type, .image)
    }

    func testPillWithKnobAtOneEndIsAToggleAndTheKnobSideSaysOnOrOff() throws {
        var s = Sketch()
        s.rect("pill", 300, 400, 52, 28, label: "roundedRectangle")
        s.circle("knob", 338, 414, 11)
        let toggle = try XCTUnwrap(only(try s.recognize()))
        XCTAssertEqual(toggle.type, .toggle)
        XCTAssertEqual(toggle.isOn, true)
    }

    func testSmallSquareWithATickIsACheckedCheckbox() throws {
        var s = Sketch()
        s.rect("box", 30, 500, 24, 24)
        s.line("tick", 35, 510, 48, 518, label: "forward")
        let box = try XCTUnwrap(only(try s.recognize()))
        XCTAssertEqual(box.type, .checkbox)
        XCTAssertEqual(box.isOn, true)
    }

    func testLineWithAKnobIsASlider() throws {
        var s = Sketch()
        s.line("track", 30, 450, 360, 450)
        s.circle("knob", 150, 450, 8, label: "dot")
        XCTAssertEqual(only(try s.recognize())?.type, .slider)
    }

    func testTrackWithItsKnobInTheSameStrokeIsASliderThoughReadAsALine() throws {
        var s = Sketch()
        s.path(
            "track", [(30, 450), (150, 450), (150, 440), (166, 440), (166, 460), (150, 460), (150, 450), (360, 450)],
            label: "horizontalLine")
        XCTAssertEqual(only(try s.recognize())?.type, .slider)
    }

    func testLineWithAFlatKnobDrawnApartIsASlider() throws {
        var s = Sketch()
        s.line("track", 30, 450, 360, 450)
        s.rect("knob", 200, 444, 50, 12, label: "roundedRectangle")
        let slider = try XCTUnwrap(only(try s.recognize()))
        XCTAssertEqual(slider.type, .slider)
        XCTAssertEqual(Set(slider.strokeIds), ["track", "knob"])
    }

    func testAStraightLineStaysADivider() throws {
        var s = Sketch()
        s.path("line", [(30, 450), (200, 452), (360, 450)], label: "horizontalLine")
        XCTAssertEqual(only(try s.recognize())?.type, .divider)
    }

    func testBoxWithItsArrowFencedOffNearTheRightEndIsAPickerNotASegmentedControl() throws {
        var s = Sketch()
        s.rect("r", 30, 300, 330, 44)
        s.squiggle("value", 44, 317, 120)
        s.line("fence", 300, 302, 300, 342)
        s.squiggle("arrow", 318, 319, 24, height: 6)
        let picker = try XCTUnwrap(only(try s.recognize()))
        XCTAssertEqual(picker.type, .picker)

        var segmented = Sketch()
        segmented.rect("r", 30, 300, 330, 36)
        segmented.line("v", 195, 302, 195, 334)
        segmented.squiggle("a", 80, 313, 50)
        segmented.squiggle("b", 250, 313, 50)
        XCTAssertEqual(only(try segmented.recognize())?.type, .segmentedControl)
    }

    func testACardReadAsAnEmptyPictureStillCountsAsOneOfAListsCards() throws {
        var s = Sketch()
        s.rect("c1", 16, 120, 358, 170)
        for (i, y) in [310.0, 500.0].enumerated() {
            s.rect("c\(i + 2)", 16, y, 358, 170)
            s.squiggle("t\(i + 2)", 40, y + 130, 150)
        }
        let list = try XCTUnwrap(only(try s.recognize()))
        XCTAssertEqual(list.type, .list)
        XCTAssertEqual(list.children.count, 3)
    }

    func testBoxWithOnlyANarrowScribbleAtItsRightEndIsAPicker() throws {
        var s = Sketch()
        s.rect("r", 30, 300, 330, 44)
        s.squiggle("arrow", 300, 306, 20, height: 32)
        XCTAssertEqual(only(try s.recognize())?.type, .picker)
    }

    func testBoxWithADownTriangleAtItsRightIsAPicker() throws {
        var s = Sketch()
        s.rect("r", 30, 300, 330, 44)
        s.squiggle("t", 42, 317, 100)
        s.icon("arrow", "play", 335, 322, size: 12)
        let picker = try XCTUnwrap(only(try s.recognize()))
        XCTAssertEqual(picker.type, .picker)
        XCTAssertEqual(picker.strokeIds, ["r", "t", "arrow"])
    }

    func testWideRectangleDividedByVerticalLinesIsASegmentedControl() throws {
        var s = Sketch()
        s.rect("r", 30, 300, 330, 36)
        s.line("v1", 140, 302, 140, 334)
        s.line("v2", 250, 302, 250, 334)
        s.squiggle("a", 60, 313, 50)
        let control = try XCTUnwrap(only(try s.recognize()))
        XCTAssertEqual(control.type, .segmentedControl)
        XCTAssertEqual(control.segments, 3)
        XCTAssertEqual(control.children.map(\.type), [.label])
    }

    func testIconsGetTheirSFSymbols() throws {
        let expected = [
            "back": "chevron.left", "leftarrow": "arrow.left", "forward": "chevron.right", "menu": "line.3.horizontal",
            "plus": "plus",
            "search": "magnifyingglass", "settings": "gearshape", "share": "square.and.arrow.up", "cancel": "xmark",
            "play": "play.fill",
            "star": "star", "camera": "camera", "envelope": "envelope",
        ]
        for (label, symbol) in expected {
            var s = Sketch()
            s.icon("i", label, 100, 400)
            let icon = try XCTUnwrap(only(try s.recognize()))
            XCTAssertEqual(icon.type, .icon)
            XCTAssertEqual(icon.symbol, symbol, label)
        }
    }

    func testTopBandKeepsLeadingTitleAndTrailingItemsWithRoles() throws {
        var s = Sketch()
        s.rect("bar", 4, 40, 382, 56)
        s.icon("back", "back", 30, 68, size: 20)
        s.squiggle("title", 150, 63, 90)
        s.icon("extra", "star", 100, 68, size: 20)
        s.icon("add", "plus", 356, 68, size: 20)
        let bar = try XCTUnwrap(only(try s.recognize()))
        XCTAssertEqual(bar.type, .navigationBar)
        XCTAssertEqual(bar.children.map(\.role), ["leading", "title", "trailing"])
        XCTAssertEqual(bar.children.first?.symbol, "chevron.left")
        XCTAssertTrue(bar.strokeIds.contains("extra"), "dropped items stay the bar's strokes")
    }

    func testAHorizontalLineAcrossTheTopMakesANavigationBarOfWhatIsAboveIt() throws {
        var s = Sketch()
        s.squiggle("title", 150, 60, 90)
        s.line("edge", 0, 100, 390, 100)
        s.squiggle("body", 30, 300, 200)
        let result = try s.recognize()
        XCTAssertEqual(result.elements.map(\.type), [.navigationBar, .label])
        XCTAssertEqual(result.elements[0].children.map(\.role), ["title"])
    }

    func testBottomBandWithIconsIsATabBarWithItsItems() throws {
        var s = Sketch()
        s.rect("bar", 4, 776, 382, 56)
        s.icon("a", "star", 60, 804)
        s.icon("b", "search", 195, 804)
        s.icon("c", "settings", 330, 804)
        let bar = try XCTUnwrap(only(try s.recognize()))
        XCTAssertEqual(bar.type, .tabBar)
        XCTAssertEqual(bar.segments, 3)
        XCTAssertEqual(bar.children.map(\.symbol), ["star", "magnifyingglass", "gearshape"])
    }

    func testThreeSimilarRowsOfLabelAndToggleAreAList() throws {
        var s = Sketch()
        for i in 0..<4 {
            let y = 150 + Double(i) * 60
            s.squiggle("t\(i)", 24, y + 10, 120)
            s.rect("p\(i)", 310, y, 52, 28, label: "roundedRectangle")
            s.circle("k\(i)", 314, y + 14, 11)
        }
        let list = try XCTUnwrap(only(try s.recognize()))
        XCTAssertEqual(list.type, .list)
        XCTAssertEqual(list.children.count, 4)
        XCTAssertEqual(list.children[0].role, "row")
        XCTAssertEqual(list.children[0].children.map(\.type), [.label, .toggle])
    }

    func testThreeStackedTextFieldsStayAForm() throws {
        var s = Sketch()
        for i in 0..<3 { s.rect("f\(i)", 30, 200 + Double(i) * 70, 330, 44) }
        XCTAssertEqual(try s.recognize().elements.map(\.type), [.textField, .textField, .textField])
    }

    func testRowsSeparatedByLinesAreAListAndTheLinesBelongToIt() throws {
        var s = Sketch()
        for i in 0..<3 {
            let y = 200 + Double(i) * 50
            s.squiggle("t\(i)", 24, y, 150)
            if i < 2 { s.line("l\(i)", 20, y + 30, 370, y + 30) }
        }
        let list = try XCTUnwrap(only(try s.recognize()))
        XCTAssertEqual(list.type, .list)
        XCTAssertEqual(list.children.map(\.type), [.label, .label, .label])
        XCTAssertTrue(list.strokeIds.contains("l0"))
    }

    func testALoneHorizontalLineIsADivider() throws {
        var s = Sketch()
        s.squiggle("a", 30, 200, 150)
        s.line("l", 20, 300, 370, 300)
        s.squiggle("b", 30, 400, 150)
        XCTAssertEqual(try s.recognize().elements.map(\.type), [.label, .divider, .label])
    }

    func testRectangleHoldingSeveralElementsIsAContainer() throws {
        var s = Sketch()
        s.rect("card", 16, 200, 358, 200)
        s.rect("img", 28, 212, 334, 120)
        s.line("x1", 30, 214, 360, 330, label: "cancel")
        s.line("x2", 360, 214, 30, 330, label: "cancel")
        s.whole(["img", "x1", "x2"], "crossedBox")
        s.squiggle("cap", 30, 360, 150)
        let card = try XCTUnwrap(only(try s.recognize()))
        XCTAssertEqual(card.type, .container)
        XCTAssertEqual(card.children.map(\.type).sorted { $0.rawValue < $1.rawValue }, [.image, .label])
    }

    func testARowOfThreeDotsIsAPageControl() throws {
        var s = Sketch()
        for i in 0..<4 { s.circle("d\(i)", 160 + Double(i) * 16, 500, 3, label: "dot") }
        let control = try XCTUnwrap(only(try s.recognize()))
        XCTAssertEqual(control.type, .pageControl)
        XCTAssertEqual(control.segments, 4)
    }

    func testStackedSquigglesAreOneParagraph() throws {
        var s = Sketch()
        s.squiggle("a", 30, 300, 300)
        s.squiggle("b", 30, 318, 300)
        s.squiggle("c", 30, 336, 180)
        let paragraph = try XCTUnwrap(only(try s.recognize()))
        XCTAssertEqual(paragraph.type, .label)
        XCTAssertEqual(paragraph.strokeIds, ["a", "b", "c"])
    }

    func testStrokeColourCarriesOverAndPlainInkDoesNot() throws {
        var s = Sketch()
        s.color = "#1f6feb"
        s.rect("r", 40, 300, 310, 48)
        s.squiggle("t", 150, 319, 90)
        s.color = Stroke.defaultColor
        s.squiggle("plain", 40, 500, 90)
        let result = try s.recognize()
        XCTAssertEqual(result.elements.first { $0.type == .button }?.color, "#1f6feb")
        XCTAssertNil(result.elements.first { $0.type == .label }?.color)
    }

    func testElementIDsSurviveAnUnrelatedStroke() throws {
        var s = Sketch()
        s.rect("r", 40, 300, 310, 48)
        s.squiggle("t", 150, 319, 90)
        let before = try s.recognize().allElements.map(\.id)
        s.squiggle("elsewhere", 40, 600, 120)
        let after = try s.recognize().allElements.map(\.id)
        XCTAssertTrue(Set(before).isSubset(of: Set(after)), "\(before) vs \(after)")
    }
}

final class FlatSquiggleTests: XCTestCase {
    func testAWavyStrokeTheModelCallsALineIsStillText() throws {
        var s = Sketch()
        s.squiggle("t", 40, 300, 160, height: 6)
        let result = try Recognizer(
            classifier: TableClassifier(labels: ["t": "horizontalLine"], wholeLabels: [:], strokes: s.strokes)
        )
        .recognize(screen: .main, strokes: s.strokes, corrections: [])
        XCTAssertEqual(result.elements.map(\.type), [.label])
    }

    func testAStraightLineStaysADivider() throws {
        var s = Sketch()
        s.line("l", 20, 300, 370, 301)
        XCTAssertEqual(try s.recognize().elements.map(\.type), [.divider])
    }
}
