/// The pipeline's reading of a classifier label: what kind of building block a group is.
enum Primitive: Hashable, Sendable {
    case squiggle
    /// A rectangle, square or rounded rectangle (may hold other primitives).
    case box
    case crossedBox
    case horizontalLine
    case verticalLine
    case circle
    case dot
    /// Several dots in a row (a page control).
    case dots(count: Int)
    case toggle
    case checkbox
    case picker
    case slider
    case avatar
    /// A pictogram, with its SF Symbol.
    case icon(symbol: String)
    case unknown

    /// Maps a classifier label (DoodleUINet class or primitive name) to a primitive.
    init(label: String) {
        switch label {
        case "squiggle", "label", "text": self = .squiggle
        case "rectangle", "roundedRectangle", "square", "box": self = .box
        case "crossedBox", "image": self = .crossedBox
        case "horizontalLine", "line": self = .horizontalLine
        case "verticalLine": self = .verticalLine
        case "circle": self = .circle
        case "dot": self = .dot
        case "switch", "toggle": self = .toggle
        case "checkbox": self = .checkbox
        case "dropDown", "picker": self = .picker
        case "sliders", "slider": self = .slider
        case "avatar": self = .avatar
        default:
            if let symbol = Primitive.symbols[label] { self = .icon(symbol: symbol) } else { self = .unknown }
        }
    }

    /// SF Symbols for the pictogram classes (NOTATION's icon row).
    static let symbols: [String: String] = [
        "back": "chevron.left", "leftarrow": "arrow.left", "forward": "chevron.right",
        "menu": "line.3.horizontal", "plus": "plus", "search": "magnifyingglass",
        "settings": "gearshape", "share": "square.and.arrow.up", "cancel": "xmark",
        "play": "play.fill", "star": "star", "camera": "camera", "envelope": "envelope",
    ]

    /// Whether other primitives can sit inside it.
    var isContainerShape: Bool { self == .box || self == .circle || self == .crossedBox }
}
