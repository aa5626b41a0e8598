import SketchModel

extension Element {
    /// The id prefix of a list row's wrapper (``Lists``).
    static let rowWrapperPrefix = "row-"
    /// The role of a list's rows.
    static let rowRole = "row"

    /// Whether this is the stroke-less container ``Lists`` wraps a row of several elements in: no
    /// element of its own, so what it holds is placed in the list.
    public var isListRowWrapper: Bool {
        type == .container && role == Self.rowRole && id.hasPrefix(Self.rowWrapperPrefix)
    }
}
