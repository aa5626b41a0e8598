import StrokeLog
import XCTest

@testable import Recognize

/// Shapes the held-out set brought out: lists of two rows, single cards, fields at the very top.
final class ListRowsTests: XCTestCase {
    private func labelAndToggleRows(_ count: Int) -> Sketch {
        var s = Sketch()
        for i in 0..<count {
            let y = 150 + Double(i) * 60
            s.squiggle("t\(i)", 24, y + 10, 120)
            s.rect("p\(i)", 310, y, 52, 28, label: "roundedRectangle")
            s.circle("k\(i)", 314, y + 14, 11)
        }
        return s
    }

    func testTwoRowsOfLabelAndToggleAreAList() throws {
        let result = try labelAndToggleRows(2).recognize()
        XCTAssertEqual(result.elements.map(\.type), [.list])
        XCTAssertEqual(result.elements.first?.children.map(\.role), ["row", "row"])
    }

    func testOneRowOfLabelAndToggleIsNoList() throws {
        XCTAssertEqual(
            try labelAndToggleRows(1).recognize().elements.map(\.type).sorted { $0.rawValue < $1.rawValue },
            [.label, .toggle])
    }

    func testTwoRowsOfAvatarAndNameAreAList() throws {
        var s = Sketch()
        for i in 0..<2 {
            let y = 200 + Double(i) * 64
            s.circle("a\(i)", 44, y + 20, 20, label: "avatar")
            s.squiggle("n\(i)", 80, y + 15, 140)
        }
        XCTAssertEqual(try s.recognize().elements.map(\.type), [.list])
    }

    /// Two rows whose avatar was read as two pictograms side by side are rows of the same list as
    /// the rows below them, not a second list.
    func testAnAvatarReadAsTwoPictogramsKeepsItsRowInTheList() throws {
        var s = Sketch()
        for i in 0..<5 {
            let y = 200 + Double(i) * 64
            if i < 2 {
                s.icon("a\(i)", "star", 30, y + 20, size: 26)
                s.icon("b\(i)", "camera", 62, y + 20, size: 26)
            } else {
                s.circle("a\(i)", 44, y + 20, 20, label: "avatar")
            }
            s.squiggle("n\(i)", 88, y + 15, 140)
        }
        let result = try s.recognize()
        XCTAssertEqual(result.elements.map(\.type), [.list])
        XCTAssertEqual(result.elements.first?.children.count, 5)
    }

    func testTwoCardsAreAListAndOneCardStaysACard() throws {
        func cards(_ count: Int) -> Sketch {
            var s = Sketch()
            for i in 0..<count {
                let y = 120 + Double(i) * 200
                s.rect("c\(i)", 16, y, 358, 170)
                s.rect("i\(i)", 28, y + 12, 334, 100)
                s.line("x\(i)", 30, y + 14, 360, y + 110, label: "cancel")
                s.line("y\(i)", 360, y + 14, 30, y + 110, label: "cancel")
                s.whole(["i\(i)", "x\(i)", "y\(i)"], "crossedBox")
                s.squiggle("t\(i)", 40, y + 135, 150)
            }
            return s
        }
        XCTAssertEqual(try cards(2).recognize().elements.map(\.type), [.list])
        XCTAssertEqual(try cards(1).recognize().elements.map(\.type), [.container])
    }

    func testTwoStackedTextFieldsStayAForm() throws {
        var s = Sketch()
        for i in 0..<2 { s.rect("f\(i)", 30, 200 + Double(i) * 70, 330, 44) }
        XCTAssertEqual(try s.recognize().elements.map(\.type), [.textField, .textField])
    }

    func testAFieldWithItsPlaceholderAtTheTopOfABarlessScreenIsATextField() throws {
        var s = Sketch()
        s.rect("field", 20, 36, 350, 40)
        s.squiggle("hint", 34, 52, 110)
        XCTAssertEqual(try s.recognize().elements.map(\.type), [.textField])
    }

    func testABoxAtTheTopWithACentredTitleIsStillANavigationBar() throws {
        var s = Sketch()
        s.rect("bar", 4, 36, 382, 54)
        s.squiggle("title", 150, 60, 90)
        XCTAssertEqual(try s.recognize().elements.map(\.type), [.navigationBar])
    }

    /// Rows of a checkbox and a label; the rows in `misread` have a pictogram where the box is.
    private func checkboxRows(_ count: Int, misread: Set<Int>) -> Sketch {
        var s = Sketch()
        for i in 0..<count {
            let y = 200 + Double(i) * 56
            if misread.contains(i) {
                s.icon("b\(i)", "play", 42, y + 12, size: 24)
            } else {
                s.rect("b\(i)", 30, y, 24, 24)
                s.line("k\(i)", 35, y + 10, 48, y + 18, label: "forward")
            }
            s.squiggle("t\(i)", 70, y + 7, 140)
        }
        return s
    }

    func testAMisreadRowAmongSimilarRowsStaysInTheListAndItsPictogramIsACheckbox() throws {
        let list = try XCTUnwrap(try checkboxRows(3, misread: [1]).recognize().elements.first)
        XCTAssertEqual(list.type, .list)
        XCTAssertEqual(list.children.count, 3)
        XCTAssertEqual(list.children.map { $0.children.first?.type }, [.checkbox, .checkbox, .checkbox])
    }

    func testAMisreadFirstRowStaysInTheList() throws {
        let list = try XCTUnwrap(try checkboxRows(3, misread: [0]).recognize().elements.first)
        XCTAssertEqual(list.type, .list)
        XCTAssertEqual(list.children.count, 3)
    }

    /// A checkbox the classifier cannot name at all (a weak pictogram) in a column of checkboxes is
    /// a checkbox, kept as surely as its column.
    func testAnUnnamedDrawingInAColumnOfCheckboxesIsAKeptCheckbox() throws {
        var s = checkboxRows(4, misread: [3])
        s.unnamed("b3")
        let list = try XCTUnwrap(try s.recognize().elements.first)
        XCTAssertEqual(list.type, .list)
        XCTAssertEqual(list.children.map { $0.children.first?.type }, [.checkbox, .checkbox, .checkbox, .checkbox])
    }
}
