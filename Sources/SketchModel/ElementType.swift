/// The NOTATION vocabulary (docs/NOTATION.md): what an element on a screen is.
/// Raw values are the names used in files, on the wire and in corrections.
public enum ElementType: String, CaseIterable, Hashable, Sendable, Codable {
    case label, button, image, textField, toggle, checkbox, slider, picker, segmentedControl
    case icon, avatar, navigationBar, tabBar, list, divider, container, pageControl

    /// Whether elements of this type list what they hold in ``Element/children``.
    public var holdsChildren: Bool {
        switch self {
        case .navigationBar, .tabBar, .list, .container, .button, .segmentedControl: true
        default: false
        }
    }
}
