import SketchModel

/// A label drawn on the row of a control is the control's title, as a developer writes it:
/// `Toggle("Wi-Fi", isOn: $wiFi)` rather than a `Text` beside an untitled `Toggle`.
///
/// The rule lives here, where the blueprint is built, not in Recognize: recognition keeps the
/// label and the control as the two elements that were drawn (each is scored and laid out where
/// it was drawn); only the code joins them. A row titles a control when it holds exactly two
/// elements: a label then a toggle, slider, picker or text field (left to right), or a checkbox
/// then its label (the checkbox style draws the box before the title); a switch or checkbox with
/// text of its own keeps it. The row's geometry is
/// unchanged: a titled `Toggle` and `LabeledContent` put the title at the leading edge and the
/// control at the trailing edge, as the `HStack { label; Spacer(); control }` did. A label just
/// above an empty text field stays a `Text` (folding it in would move the field up) but names
/// the field and is its placeholder (``labelsAbove(in:byID:)``).
enum ControlTitle {
    /// Controls a label on their left titles.
    static let titledFromTheLeft: Set<ElementType> = [.toggle, .slider, .picker, .textField]

    /// The control and its title label, when `row` (left to right, spacers left out) is a label
    /// and the control it titles.
    static func titled(_ row: [Element]) -> (control: Element, label: Element)? {
        guard row.count == 2 else { return nil }
        let pair: (control: Element, label: Element)
        if row[0].type == .label, titledFromTheLeft.contains(row[1].type) {
            pair = (row[1], row[0])
        } else if row[0].type == .checkbox, row[1].type == .label {
            pair = (row[0], row[1])
        } else {
            return nil
        }
        // A switch or checkbox someone already titled keeps that title, and the label its Text.
        let titlesItself = pair.control.type == .toggle || pair.control.type == .checkbox
        return titlesItself && pair.control.text != nil ? nil : pair
    }

    /// How far (points) a label may sit above a text field, and its leading edge from the field's,
    /// to name it.
    static let aboveSlack = 24.0

    /// Text fields with no text of their own, by id, each with the label with text drawn just above
    /// it (the previous view of the same column, its leading edge within ``aboveSlack``).
    static func labelsAbove(in layout: LayoutNode, byID: [String: Element]) -> [String: Element] {
        let stack: LayoutNode.Stack
        switch layout {
        case .element, .spacer: return [:]
        case .vstack(let s), .hstack(let s), .zstack(let s): stack = s
        }
        var result: [String: Element] = [:]
        let views = stack.children.map { soleElement($0, byID: byID) }
        for (above, below) in zip(views, views.dropFirst()) where layout.isVStack {
            guard let label = above, let field = below, label.type == .label, label.text != nil,
                field.type == .textField, field.text == nil,
                field.frame.minY >= label.frame.maxY, field.frame.minY - label.frame.maxY <= aboveSlack,
                abs(field.frame.minX - label.frame.minX) <= aboveSlack
            else { continue }
            result[field.id] = label
        }
        for child in stack.children { result.merge(labelsAbove(in: child, byID: byID)) { first, _ in first } }
        return result
    }

    /// The one element a layout node shows, alone or padded and aligned by spacers.
    private static func soleElement(_ node: LayoutNode, byID: [String: Element]) -> Element? {
        switch node {
        case .element(let id): return byID[id]
        case .spacer: return nil
        case .vstack(let s), .hstack(let s), .zstack(let s):
            let views = s.children.filter { if case .spacer = $0 { false } else { true } }
            return views.count == 1 ? soleElement(views[0], byID: byID) : nil
        }
    }

    /// The title's text: what the label says, or the placeholder text the label would have shown.
    static func text(of label: Element) -> String {
        label.text ?? PlaceholderText.lorem(width: label.frame.width)
    }
}

extension LayoutNode {
    fileprivate var isVStack: Bool { if case .vstack = self { true } else { false } }
}
