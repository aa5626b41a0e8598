/// The target-neutral code model: what every emitter (SwiftUI, Compose) renders.
///
/// ``BlueprintBuilder`` derives it from a ``SessionRecognition`` once; the emitters differ only in
/// syntax. Every name in it (types, properties, actions) is already final: it comes from the
/// element's own words, or its type and order in reading order (``UniqueNames``), never from an id.
struct AppBlueprint: Hashable, Sendable {
    /// Base name of the app (`Login` -> `LoginApp`).
    var name: String
    /// One screen per session screen, in session order.
    var screens: [ScreenBlueprint]
    /// The design tokens, emitted once.
    var theme: ThemeTokens
    /// The screen the app starts on.
    var rootScreen: String
    /// Whether any screen uses a checkbox (emits the checkbox toggle style helper).
    var usesCheckbox: Bool
}

/// One screen view.
struct ScreenBlueprint: Hashable, Sendable {
    /// The session's screen id.
    var screenID: String
    /// The name the person gave the screen.
    var name: String
    /// The view's type name (`LoginScreen`), also the file name.
    var typeName: String
    /// The navigation bar, if one was drawn.
    var navigation: NavigationChrome?
    /// Tab bar items; empty without a tab bar.
    var tabs: [TabBlueprint]
    /// Whether the drawn canvas is taller than the phone (a scrolling screen).
    var scrolls: Bool
    /// Whether this screen owns a navigation stack (it is not pushed by another screen).
    var hostsNavigationStack: Bool
    /// The layout of everything but the bars.
    var content: ViewNode
    /// Stored state, in layout order.
    var state: [StateProperty]
    /// Button actions, in layout order.
    var actions: [ActionHook]
    /// Identifiable row types of the screen's lists.
    var itemTypes: [ItemType]
}

/// The navigation bar: title and optional leading and trailing buttons.
struct NavigationChrome: Hashable, Sendable {
    var title: String
    var leading: BarButton?
    var trailing: BarButton?
    /// Whether the bar was drawn at a standard bar's height (under ``largeTitleHeight``): the code
    /// asks for an inline title, so SwiftUI's bar is as tall as the drawn one and the content
    /// starts where it was drawn, not below a large title.
    var inline = true

    /// The drawn height (points) from which a bar holds a large title (SwiftUI's is 96 pt, the
    /// standard bar 44).
    static let largeTitleHeight = 70.0
}

/// A toolbar button.
struct BarButton: Hashable, Sendable {
    var title: String
    var symbol: String?
    /// An action method name, or nil for a back button (dismisses the screen).
    var action: String?
}

/// One tab of a tab bar.
struct TabBlueprint: Hashable, Sendable {
    var title: String
    var symbol: String
    /// What the tab shows.
    var destination: TabDestination
}

/// What a tab shows.
enum TabDestination: Hashable, Sendable {
    /// The screen's own content (the tab that was drawn).
    case ownContent
    /// Another screen's view, by type name.
    case screen(String)
    /// A titled empty page for a tab nobody drew yet.
    case empty
}

/// A stored property of a screen (`@State` in SwiftUI, `remember { mutableStateOf }` in Compose).
struct StateProperty: Hashable, Sendable {
    var name: String
    var initial: StateValue
}

/// The type and first value of a stored property.
enum StateValue: Hashable, Sendable {
    case text(String)
    case flag(Bool)
    case fraction(Double)
    case choice(Int)
    /// The rows of a list, of the named item type.
    case items(type: String, rows: [ItemRow])
}

/// A button's action method.
struct ActionHook: Hashable, Sendable {
    var name: String
    /// What the person wrote on the button, for the method's comment.
    var title: String
}

/// A list's row type: an `Identifiable` struct with the fields the drawn rows need.
struct ItemType: Hashable, Sendable {
    var name: String
    var hasSubtitle: Bool
    var hasSymbol: Bool
    var hasToggle: Bool
    /// A leading picture placeholder: `image` or `avatar`.
    var leadingPicture: PictureKind?
}

/// One row's values (its identity is the item's own `UUID`, never an internal element id).
struct ItemRow: Hashable, Sendable {
    var title: String
    var subtitle: String
    var symbol: String
    var isOn: Bool
}

/// A node of the layout tree.
indirect enum ViewNode: Hashable, Sendable {
    case stack(StackBlueprint)
    case spacer(minLength: Double)
    case element(ElementBlueprint)
}

/// A stack of views.
struct StackBlueprint: Hashable, Sendable {
    enum Axis: Hashable, Sendable { case vertical, horizontal, overlay }
    var axis: Axis
    var spacing: Double
    /// `leading`/`center`/`trailing` (vertical), `top`/`center`/`bottom` (horizontal).
    var alignment: String
    var padding: Padding
    var children: [ViewNode]
    /// How the stack sits in its parent (``LayoutIdioms``).
    var placement: Placement = .natural
}

/// How a view sits in its stack beyond its own size, as a developer writes it: the full width
/// with an alignment (`.frame(maxWidth: .infinity, alignment:)`), then padding, instead of a
/// stack around it with spacers.
struct Placement: Hashable, Sendable {
    /// `leading`, `center` or `trailing` when the view takes the stack's full width; nil for its own width.
    var fillAlignment: String? = nil
    /// Padding outside it (and outside that frame).
    var padding: Padding = .zero

    static let natural = Placement()
}

/// Padding in points, rounded to whole points.
struct Padding: Hashable, Sendable {
    var top: Double, leading: Double, bottom: Double, trailing: Double
    static let zero = Padding(top: 0, leading: 0, bottom: 0, trailing: 0)
}

/// One element to emit.
struct ElementBlueprint: Hashable, Sendable {
    /// The recognizer's stable element id.
    var id: String
    var kind: ElementKind
    var accessibility: AccessibilityInfo
    /// The largest width of a control SwiftUI would stretch, or of a card, when it was drawn
    /// narrower than full width (``WidthRule/pinnedWidth(of:)``): it takes less on a narrower phone.
    var pinnedWidth: Double? = nil
    /// A stroke colour token name, when the element was drawn in a colour.
    var ink: String?
    /// Where the element leads, when a navigation link was drawn from it.
    var link: LinkBlueprint?
    /// The label drawn on the control's row that the code makes its title (``ControlTitle``).
    var title: TitleBlueprint? = nil
    /// How it sits in its stack (``LayoutIdioms``).
    var placement: Placement = .natural
}

/// A label drawn as a control's title.
struct TitleBlueprint: Hashable, Sendable {
    /// The label's element id (the preview draws it as the title).
    var labelID: String
    /// The title's text.
    var text: String
    /// Whether the code wraps the control in `LabeledContent` (sliders, pickers and text fields show
    /// no title of their own); a toggle's title is its own.
    var wrapsControl: Bool
}

/// What an element is, with everything its code needs.
enum ElementKind: Hashable, Sendable {
    case text(String, style: TextStyle)
    case button(ButtonBlueprint)
    case textField(placeholder: String, binding: String, secure: Bool)
    case toggle(title: String, binding: String, checkbox: Bool)
    case slider(binding: String)
    case picker(title: String, binding: String, options: [String], segmented: Bool)
    case picture(PictureKind, width: Double, height: Double, fullWidth: Bool)
    case icon(symbol: String)
    case divider
    case list(ListBlueprint)
    case pageControl(count: Int)
    /// A card: its content, and whether it takes its stack's full width.
    case card(StackBlueprint, fullWidth: Bool)
}

/// A picture placeholder's kind.
enum PictureKind: String, Hashable, Sendable { case image, avatar }

/// A text's role in the type scale.
enum TextStyle: String, Hashable, Sendable, CaseIterable {
    case largeTitle, title, headline, body, caption
}

/// A button.
struct ButtonBlueprint: Hashable, Sendable {
    var title: String?
    var symbol: String?
    /// The action method, or nil when a drawn link handles the tap.
    var action: String?
    var fullWidth: Bool
}

/// A list over an item type, stored in a state property.
struct ListBlueprint: Hashable, Sendable {
    var property: String
    var itemType: ItemType
}

/// A drawn screen-to-screen link.
struct LinkBlueprint: Hashable, Sendable {
    enum Style: Hashable, Sendable { case push, sheet }
    var destination: String
    var style: Style
    /// For sheets: the Bool state property that presents it.
    var presentedBy: String?
}

/// Accessibility of one element.
struct AccessibilityInfo: Hashable, Sendable {
    /// A spoken label when the visible content does not say it (icons, pictures).
    var label: String?
    var isHeader: Bool
    /// Reading order position when it differs from the layout order (higher reads first).
    var sortPriority: Int?

    static let none = AccessibilityInfo(label: nil, isHeader: false, sortPriority: nil)
}
