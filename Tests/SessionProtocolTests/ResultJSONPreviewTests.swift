import SketchModel
import StrokeLog
import XCTest

@testable import SessionProtocol

/// ``ResultJSON`` writes the bytes ``JSONWire`` writes for layouts and element previews with
/// every optional field present or absent, and ``JSONBytes`` escapes strings as it does.
final class ResultJSONPreviewTests: XCTestCase {
    private var generator = SeededGenerator(seed: 29)

    private func string() -> String {
        ["Sign in", "say \"hi\"\n\\ é", "a/b", "", "\u{7}\u{1f}😀"].randomElement(using: &generator)!
    }
    private func number() -> Double { [0, 8, 12.5, -3.25, 1e-7, 2.5e21].randomElement(using: &generator)! }
    private func maybe<Value>(_ value: @autoclosure () -> Value) -> Value? {
        Bool.random(using: &generator) ? value() : nil
    }

    private func layout(depth: Int) -> LayoutNode {
        switch Int.random(in: depth > 2 ? 3...4 : 0...4, using: &generator) {
        case 3: return .spacer(minLength: number())
        case 4: return .element(id: string())
        case let kind:
            let stack = LayoutNode.Stack(
                spacing: number(), alignment: string(),
                padding: .init(top: number(), leading: number(), bottom: number(), trailing: number()),
                children: (0..<Int.random(in: 0...4, using: &generator)).map { _ in layout(depth: depth + 1) })
            return kind == 0 ? .vstack(stack) : kind == 1 ? .hstack(stack) : .zstack(stack)
        }
    }

    /// A preview with random fields, each optional one present or absent.
    private func preview() -> ElementPreview {
        func bar() -> BarItemPreview { BarItemPreview(title: string(), symbol: maybe(string())) }
        func row() -> ListRowPreview {
            ListRowPreview(
                title: string(), subtitle: maybe(string()), symbol: maybe(string()), picture: maybe(string()),
                isOn: maybe(Bool.random(using: &generator)))
        }
        return ElementPreview(
            control: string(), strings: (0..<Int.random(in: 0...3, using: &generator)).map { _ in string() },
            symbol: maybe(string()), ink: maybe(string()), color: maybe(string()), leading: maybe(bar()),
            trailing: maybe(bar()),
            rows: maybe((0..<Int.random(in: 0...3, using: &generator)).map { _ in row() }),
            isOn: maybe(Bool.random(using: &generator)), titleOf: maybe(string()), titledBy: maybe(string()))
    }

    private func assertSameBytes(
        _ actual: [UInt8], _ expected: [UInt8], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(
            String(decoding: actual, as: UTF8.self), String(decoding: expected, as: UTF8.self), file: file, line: line)
    }

    func testLayoutsAndPreviewsMatchJSONWire() {
        for _ in 0..<300 {
            let node = layout(depth: 0)
            assertSameBytes(ResultJSON.encode(node), JSONWire.encode(node))
            let preview = preview()
            assertSameBytes(ResultJSON.encode(preview), JSONWire.encode(preview))
        }
    }

    func testStringsAreEscapedAsJSONWireEscapesThem() {
        var every = String(String.UnicodeScalarView((0..<0x80).map { Unicode.Scalar(UInt8($0)) }))
        every += "é\u{2028}\u{FEFF}😀"
        for string in [every, "", "plain", "\"", "\\\\", "\n", "a\u{0}b"] {
            var out: [UInt8] = []
            JSONBytes.appendString(string, to: &out)
            assertSameBytes(out, JSONWire.encode(string))
        }
    }
}
