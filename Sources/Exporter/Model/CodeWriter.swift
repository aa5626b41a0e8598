/// Accumulates source lines with four-space indentation, and which lines each element wrote.
struct CodeWriter: Sendable {
    private(set) var lines: [String] = []
    /// Element id -> the 0-based lines `[start, end)` its code took (nested elements inside it).
    private(set) var elementLines: [String: Range<Int>] = [:]
    private var depth = 0
    /// Calls longer than this are broken one argument a line (``LineWrap``); nil keeps every line whole.
    private let lineLimit: Int?

    /// A writer; with `lineLimit`, long calls are wrapped as `swift format` wants them.
    init(lineLimit: Int? = nil) { self.lineLimit = lineLimit }

    /// Appends one line at the current indentation (an empty string gives an empty line).
    mutating func line(_ text: String) {
        let indented = text.isEmpty ? "" : Self.indentation(depth) + text
        let wrapped = lineLimit.flatMap { LineWrap.wrapped(indented, limit: $0, indentUnit: "    ") }
        lines += wrapped ?? [indented]
    }

    /// The first depths' indentation, made once.
    private static let indentations = (0..<16).map { String(repeating: "    ", count: $0) }

    /// Four spaces a level.
    private static func indentation(_ depth: Int) -> String {
        depth < indentations.count ? indentations[depth] : String(repeating: "    ", count: depth)
    }

    /// Appends lines, each at the current indentation.
    mutating func lines(_ texts: [String]) {
        for text in texts { line(text) }
    }

    /// Writes more modifiers of the view just written: in line with its last modifier or closing
    /// brace or parenthesis, else (a view of one line) one level deeper.
    mutating func modifiers(_ texts: [String]) {
        let last = lines.last ?? ""
        let spaces = last.utf8.prefix { $0 == UInt8(ascii: " ") }.count
        let first = last.utf8.dropFirst(spaces).first
        guard first == UInt8(ascii: ".") || first == UInt8(ascii: "}") || first == UInt8(ascii: ")") else {
            return indented { $0.lines(texts) }
        }
        let saved = depth
        depth = spaces / 4
        lines(texts)
        depth = saved
    }

    /// Writes `body` one level deeper.
    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// Writes `body` and records the lines it took as the source range of the element `id` and of
    /// the `others` it shows (a label written as the control's title).
    mutating func element(_ id: String, showing others: [String] = [], _ body: (inout CodeWriter) -> Void) {
        let start = lines.count
        body(&self)
        guard lines.count > start else { return }
        for shown in [id] + others { elementLines[shown] = start..<lines.count }
    }

    /// `open`, then `body` indented, then `close` lines.
    mutating func block(_ open: String, close: [String] = ["}"], _ body: (inout CodeWriter) -> Void) {
        line(open)
        indented(body)
        lines(close)
    }

    /// The file's text, ending with exactly one newline.
    var text: String { lines.joined(separator: "\n") + "\n" }
}

/// A target's syntax for the layout tree; ``ViewTreeWalker`` does the walking for every target.
protocol ViewSyntax {
    /// The line that opens a stack whose parent is `parent` (nil at the root).
    func open(_ stack: StackBlueprint, parent: StackBlueprint.Axis?) -> String
    /// The lines that close it (a brace, then any modifiers).
    func close(_ stack: StackBlueprint) -> [String]
    /// A flexible gap inside a stack of `parent` axis.
    func spacer(minLength: Double, parent: StackBlueprint.Axis?) -> [String]
    /// Writes one element; cards call back into `walker` for what they hold.
    func write(
        _ element: ElementBlueprint, parent: StackBlueprint.Axis?, into writer: inout CodeWriter,
        walker: ViewTreeWalker<Self>)
}

/// The shared depth-first walk over the layout tree, rendering through a target's ``ViewSyntax``.
struct ViewTreeWalker<Syntax: ViewSyntax> {
    let syntax: Syntax

    /// Writes `node` and everything under it.
    func write(_ node: ViewNode, parent: StackBlueprint.Axis?, into writer: inout CodeWriter) {
        switch node {
        case .stack(let stack): write(stack, parent: parent, into: &writer)
        case .spacer(let minLength): writer.lines(syntax.spacer(minLength: minLength, parent: parent))
        case .element(let element):
            writer.element(element.id, showing: element.title.map { [$0.labelID] } ?? []) {
                syntax.write(element, parent: parent, into: &$0, walker: self)
            }
        }
    }

    /// Writes a stack and its children.
    func write(_ stack: StackBlueprint, parent: StackBlueprint.Axis?, into writer: inout CodeWriter) {
        writer.block(syntax.open(stack, parent: parent), close: syntax.close(stack)) { inner in
            for child in stack.children { write(child, parent: stack.axis, into: &inner) }
        }
    }
}

/// Deterministic number formatting for generated code.
enum CodeNumber {
    /// `16`, `0.5`, `12.25`: whole numbers without a decimal point, others with up to 3 decimals.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let thousandths = (min(max(value, -1e12), 1e12) * 1000).rounded()
        if thousandths.truncatingRemainder(dividingBy: 1000) == 0 { return String(Int(thousandths / 1000)) }
        var text = String(Int(abs(thousandths)) / 1000) + "."
        var fraction = String(Int(abs(thousandths)) % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        text += fraction
        return (thousandths < 0 ? "-" : "") + text
    }
}
