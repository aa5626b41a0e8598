/// Which elements the layout (and so the code) makes full width, and which keep their drawn width.
///
/// An element is full width when it was drawn across at least ``fullWidthShare`` of the screen, or
/// across at least ``columnShare`` of the content column (the screen less the root stack's
/// horizontal padding): `.frame(maxWidth: .infinity)` in SwiftUI, `fillMaxWidth()` in Compose.
/// Controls SwiftUI would stretch anyway (``stretchingTypes``) that were drawn narrower keep their
/// drawn width as their largest: `.frame(maxWidth:)`, so that on a narrower phone they shrink to
/// the width they are offered rather than run past the screen's edge. Elements of a size of their
/// own (``fixedSizeTypes``) keep it on every phone.
public struct WidthRule: Hashable, Sendable {
    /// Types SwiftUI stretches to the offered width unless their width is pinned.
    public static let stretchingTypes: Set<ElementType> = [.textField, .divider, .slider, .list, .segmentedControl]
    /// Types whose code gives them a size of their own that does not shrink: a switch, a checkbox,
    /// a symbol, a round picture, page dots. Everything else takes its drawn width at most, and
    /// less when its stack offers less.
    public static let fixedSizeTypes: Set<ElementType> = [.toggle, .checkbox, .icon, .avatar, .pageControl]
    /// The share of the screen's width from which an element is full width.
    public static let fullWidthShare = 0.8
    /// The share of the content column's width from which an element is full width.
    public static let columnShare = 0.9

    /// The screen's width in points.
    public let screenWidth: Double
    /// The content column's width: the screen less the root stack's leading and trailing padding.
    public let columnWidth: Double

    /// The rule for a screen of `screenWidth` laid out as `layout`.
    public init(screenWidth: Double, layout: LayoutNode) {
        self.screenWidth = screenWidth
        switch layout {
        case .vstack(let root), .hstack(let root), .zstack(let root):
            columnWidth = max(0, screenWidth - root.padding.leading - root.padding.trailing)
        case .spacer, .element:
            columnWidth = screenWidth
        }
    }

    /// Whether the element takes the width its stack offers.
    public func fillsWidth(_ element: Element) -> Bool {
        let width = element.frame.width
        return width >= Self.fullWidthShare * screenWidth
            || (columnWidth > 0 && width >= Self.columnShare * columnWidth)
    }

    /// Whether an element of this type takes less than its drawn width when its stack offers less.
    public static func shrinks(_ type: ElementType) -> Bool {
        !fixedSizeTypes.contains(type)
    }

    /// The width the code limits a stretching control or a card to (`.frame(maxWidth:)`) when it
    /// was drawn narrower than full width, or nil when it fills its stack or keeps its own size.
    public func pinnedWidth(of element: Element) -> Double? {
        guard Self.stretchingTypes.contains(element.type) || element.type == .container, !fillsWidth(element) else {
            return nil
        }
        return element.frame.width
    }
}
