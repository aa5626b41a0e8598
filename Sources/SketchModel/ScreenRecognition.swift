import SessionModel

/// What the recognizer made of one screen at one seq.
public struct ScreenRecognition: Hashable, Sendable, Codable {
    /// The screen (id, name, size).
    public var screen: Screen
    /// The root elements (bars, lists, containers and buttons hold their children).
    public var elements: [Element]
    /// The stack layout over the root elements.
    public var layout: LayoutNode
    /// Element ids in accessibility reading order (XY-cut: bands top to bottom, then columns).
    public var readingOrder: [String]
    /// Every raw detection before post-processing, with confidences, for the debug view.
    public var detections: [Detection]

    /// Creates a result.
    public init(
        screen: Screen, elements: [Element], layout: LayoutNode, readingOrder: [String], detections: [Detection]
    ) {
        self.screen = screen
        self.elements = elements
        self.layout = layout
        self.readingOrder = readingOrder
        self.detections = detections
    }

    /// Every element on the screen, depth first.
    public var allElements: [Element] { elements.flatMap(\.flattened) }
}

/// One raw detection: a stroke group and how the model scored it.
public struct Detection: Hashable, Sendable, Codable {
    /// The group's strokes.
    public var strokeIds: [String]
    /// The group's bounding box.
    public var frame: Rect
    /// The model's best primitive or element class.
    public var label: String
    /// Its calibrated confidence.
    public var confidence: Double
    /// The next best classes with their confidences, best first.
    public var alternatives: [Alternative]
    /// Whether post-processing kept it (false: merged, suppressed or absorbed).
    public var kept: Bool

    /// A runner-up class (`{"label": ..., "confidence": ...}` on the wire).
    public typealias Alternative = LabelScore<String>

    /// Creates a detection.
    public init(
        strokeIds: [String], frame: Rect, label: String, confidence: Double, alternatives: [Alternative] = [],
        kept: Bool
    ) {
        self.strokeIds = strokeIds
        self.frame = frame
        self.label = label
        self.confidence = confidence
        self.alternatives = alternatives
        self.kept = kept
    }
}

/// A navigation link drawn as a stroke from an element on one screen to another screen.
public struct NavigationLinkSpec: Hashable, Sendable, Codable {
    /// The screen the link starts on.
    public var fromScreen: String
    /// The element that triggers it.
    public var fromElement: String
    /// The destination screen.
    public var toScreen: String
    /// `push` (NavigationLink) or `sheet`.
    public var style: String
    /// The stroke that drew the link.
    public var strokeId: String

    /// Creates a link.
    public init(fromScreen: String, fromElement: String, toScreen: String, style: String = "push", strokeId: String) {
        self.fromScreen = fromScreen
        self.fromElement = fromElement
        self.toScreen = toScreen
        self.style = style
        self.strokeId = strokeId
    }
}

/// What the recognizer made of a whole session: every screen and the links between them.
public struct SessionRecognition: Hashable, Sendable, Codable {
    /// The seq of the log the result was computed from.
    public var seq: Int64
    /// One result per screen, in the session's screen order.
    public var screens: [ScreenRecognition]
    /// Screen-to-screen links (the storyboard's edges).
    public var links: [NavigationLinkSpec]
    /// The session's design tokens.
    public var theme: Theme
    /// The session title, if set.
    public var title: String?

    /// Creates a result.
    public init(seq: Int64, screens: [ScreenRecognition], links: [NavigationLinkSpec], theme: Theme, title: String?) {
        self.seq = seq
        self.screens = screens
        self.links = links
        self.theme = theme
        self.title = title
    }
}
