// A minimal SwiftUI interface for type-checking generated code on Linux.
//
// It declares only what the generator emits, with the real SwiftUI parameter labels and generic
// constraints (notably `List` requires `Identifiable` elements and `Toggle` a `Binding<Bool>`),
// so a wrong label, a missing `@State` or a list over non-Identifiable data fails to compile.
// Bodies are never run. Built with `swiftc -emit-module -parse-as-library` by SwiftUITypeCheck.

// SwiftUI re-exports Foundation (list items are identified by `UUID()`).
@_exported import Foundation

public typealias CGFloat = Double

// MARK: Core protocols

public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

/// A view with no body of its own (the primitives below).
public protocol PrimitiveView: View where Body == Never {}
extension PrimitiveView {
    public var body: Never { fatalError() }
}

public protocol Scene {}
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}
extension App {
    public static func main() {}
}

/// `#Preview` as SwiftUI declares it. No macro plugin is built here, so ``SwiftUITypeCheck``
/// type-checks each `#Preview { ... }` body as the `@ViewBuilder` closure the macro takes.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "PreviewsMacros", type: "SwiftUIView")

public protocol DynamicProperty {}

// MARK: Builders

public struct EmptyView: PrimitiveView { public init() {} }
public struct TupleView<T>: PrimitiveView { public init(_ value: T) {} }

@resultBuilder public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        TupleView((repeat each content))
    }
}

@resultBuilder public enum SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

public protocol ToolbarContent {}
public struct TupleToolbarContent<T>: ToolbarContent { public init(_ value: T) {} }
@resultBuilder public enum ToolbarContentBuilder {
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: ToolbarContent>(_ content: repeat each Content) -> TupleToolbarContent<
        (repeat each Content)
    > {
        TupleToolbarContent((repeat each content))
    }
}

// MARK: State

@propertyWrapper public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

@propertyWrapper @dynamicMemberLookup public struct Binding<Value>: DynamicProperty {
    public init(projectedValue: Binding<Value>) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

public struct DismissAction {
    public func callAsFunction() {}
}

public struct EnvironmentValues {
    public var dismiss: DismissAction { fatalError() }
}

@propertyWrapper public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

// MARK: Scenes and containers

public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) {}
}

public struct HorizontalAlignment { public static let leading = Self(), center = Self(), trailing = Self() }
public struct VerticalAlignment { public static let top = Self(), center = Self(), bottom = Self() }
public struct Alignment {
    public static let top = Self(), center = Self(), leading = Self(), trailing = Self(), bottom = Self(),
        topLeading = Self()
}

public struct VStack<Content: View>: PrimitiveView {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)
    {}
}
public struct HStack<Content: View>: PrimitiveView {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}
public struct ZStack<Content: View>: PrimitiveView {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}
public struct ScrollView<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}
public struct NavigationStack<Root: View>: PrimitiveView {
    public init(@ViewBuilder root: () -> Root) {}
}
public struct NavigationLink<Label: View, Destination: View>: PrimitiveView {
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
}
public struct TabView<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}
public struct List<Content: View>: PrimitiveView {
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Data.Element: Identifiable, Content == ForEach<Data, Data.Element.ID, RowContent> {}
    public init<Data: MutableCollection & RandomAccessCollection, RowContent: View>(
        _ data: Binding<Data>, @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    ) where Data.Element: Identifiable, Data.Index: Hashable, Content == ForEach<Data, Data.Element.ID, RowContent> {}
}
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    {}
}

// MARK: Controls

public struct Text: PrimitiveView {
    public init<S: StringProtocol>(_ content: S) {}
}
public struct Image: PrimitiveView {
    public init(systemName: String) {}
    public func resizable() -> Image { self }
}
public struct Label<Title: View, Icon: View>: PrimitiveView {
    public init<S: StringProtocol>(_ title: S, systemImage name: String) where Title == Text, Icon == Image {}
}
public struct Button<Label: View>: PrimitiveView {
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {}
}
public struct TextField<Label: View>: PrimitiveView {
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) where Label == Text {}
}
public struct SecureField<Label: View>: PrimitiveView {
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) where Label == Text {}
}
public struct Toggle<Label: View>: PrimitiveView {
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) where Label == Text {}
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
}
public struct LabeledContent<Label: View, Content: View>: PrimitiveView {
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) where Label == Text {}
}
public struct Slider<Label: View>: PrimitiveView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1)
    where Label == EmptyView, V.Stride: BinaryFloatingPoint {}
}
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: PrimitiveView {
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content)
    where Label == Text {}
}
public struct Spacer: PrimitiveView {
    public init(minLength: CGFloat? = nil) {}
}
public struct Divider: PrimitiveView { public init() {} }

// MARK: Shapes, colours, fonts

public protocol ShapeStyle {}
public protocol Shape: View {}
extension Shape {
    public var body: Never { fatalError() }
    public func fill<S: ShapeStyle>(_ content: S) -> ModifiedView<Self> { ModifiedView() }
}
public struct Circle: Shape { public init() {} }
public struct RoundedRectangle: Shape { public init(cornerRadius: CGFloat) {} }

public struct Color: PrimitiveView, ShapeStyle, Hashable {
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    // SwiftUI's own name for it.
    public static let accentColor = Color(red: 0, green: 0.478, blue: 1)
    public func opacity(_ opacity: Double) -> Color { self }
}

public struct Font: Hashable {
    public struct Weight: Hashable { public static let regular = Weight(), semibold = Weight(), bold = Weight() }
    public static let largeTitle = Font(), title = Font(), headline = Font(), body = Font(), caption = Font()
    public static func system(size: CGFloat, weight: Weight = .regular) -> Font { Font() }
}

// MARK: Styles

public protocol PrimitiveButtonStyle {}
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {}
public struct PlainButtonStyle: PrimitiveButtonStyle {}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: Self { Self() }
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle { public static var plain: Self { Self() } }

public struct ButtonBorderShape {
    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape { ButtonBorderShape() }
}

public protocol TextFieldStyle {}
public struct RoundedBorderTextFieldStyle: TextFieldStyle {}
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle { public static var roundedBorder: Self { Self() } }

public protocol PickerStyle {}
public struct SegmentedPickerStyle: PickerStyle {}
public struct MenuPickerStyle: PickerStyle {}
extension PickerStyle where Self == SegmentedPickerStyle { public static var segmented: Self { Self() } }
extension PickerStyle where Self == MenuPickerStyle { public static var menu: Self { Self() } }

public protocol ListStyle {}
public struct PlainListStyle: ListStyle {}
extension ListStyle where Self == PlainListStyle { public static var plain: Self { Self() } }

public struct ToggleStyleConfiguration {
    public struct Label: PrimitiveView {}
    public let label: Label
    @Binding public var isOn: Bool
}
public protocol ToggleStyle {
    associatedtype Body: View
    typealias Configuration = ToggleStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

// MARK: Toolbar and navigation

public struct ToolbarItemPlacement {
    public static let navigationBarLeading = Self(), navigationBarTrailing = Self()
}
public struct ToolbarItem<Content: View>: ToolbarContent {
    public init(placement: ToolbarItemPlacement, @ViewBuilder content: () -> Content) {}
}

// MARK: Accessibility

public struct AccessibilityTraits: OptionSet {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let isHeader = Self(rawValue: 1), isButton = Self(rawValue: 2), isSelected = Self(rawValue: 4)
}
public struct AccessibilityChildBehavior { public static let ignore = Self(), contain = Self(), combine = Self() }

// MARK: Modifiers

public struct Edge {
    public struct Set: OptionSet {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1), leading = Set(rawValue: 2), bottom = Set(rawValue: 4),
            trailing = Set(rawValue: 8)
        public static let horizontal: Set = [.leading, .trailing], vertical: Set = [.top, .bottom],
            all: Set = [.horizontal, .vertical]
    }
}

/// What every modifier returns.
public struct ModifiedView<Content>: PrimitiveView { public init() {} }

extension View {
    public func padding(_ length: CGFloat) -> ModifiedView<Self> { ModifiedView() }
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> ModifiedView<Self> { ModifiedView() }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> ModifiedView<
        Self
    > { ModifiedView() }
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> ModifiedView<Self> { ModifiedView() }
    public func font(_ font: Font?) -> ModifiedView<Self> { ModifiedView() }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedView<Self> { ModifiedView() }
    public func background<S: ShapeStyle>(_ style: S) -> ModifiedView<Self> { ModifiedView() }
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> ModifiedView<Self> { ModifiedView() }
    public func clipShape<S: Shape>(_ shape: S) -> ModifiedView<Self> { ModifiedView() }
    public func scaledToFit() -> ModifiedView<Self> { ModifiedView() }
    public func tint(_ tint: Color?) -> ModifiedView<Self> { ModifiedView() }
    public func tag<V: Hashable>(_ tag: V) -> ModifiedView<Self> { ModifiedView() }
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> ModifiedView<Self> { ModifiedView() }
    public func buttonBorderShape(_ shape: ButtonBorderShape) -> ModifiedView<Self> { ModifiedView() }
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> ModifiedView<Self> { ModifiedView() }
    public func pickerStyle<S: PickerStyle>(_ style: S) -> ModifiedView<Self> { ModifiedView() }
    public func listStyle<S: ListStyle>(_ style: S) -> ModifiedView<Self> { ModifiedView() }
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> ModifiedView<Self> { ModifiedView() }
    public func navigationTitle<S: StringProtocol>(_ title: S) -> ModifiedView<Self> { ModifiedView() }
    public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> ModifiedView<Self> {
        ModifiedView()
    }
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> ModifiedView<Self> { ModifiedView() }
    public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> ModifiedView<Self> {
        ModifiedView()
    }
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> ModifiedView<Self> { ModifiedView() }
    public func sheet<Content: View>(isPresented: Binding<Bool>, @ViewBuilder content: @escaping () -> Content)
        -> ModifiedView<Self>
    { ModifiedView() }
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> ModifiedView<Self> { ModifiedView() }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> ModifiedView<Self> { ModifiedView() }
    public func accessibilitySortPriority(_ sortPriority: Double) -> ModifiedView<Self> { ModifiedView() }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> ModifiedView<Self> {
        ModifiedView()
    }
    public func accessibilityHidden(_ hidden: Bool) -> ModifiedView<Self> { ModifiedView() }
}

public struct NavigationBarItem {
    public enum TitleDisplayMode { case automatic, inline, large }
}
