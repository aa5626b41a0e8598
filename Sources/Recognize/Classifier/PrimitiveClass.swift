/// Every shape class the stroke classifier can name for one stroke group.
///
/// The first twenty cases are the DoodleUINet classes (icons and widgets drawn as a single
/// element); the rest are the primitives the NOTATION vocabulary composes elements from.
/// Raw values are the names used in the model file, the dataset and the CLI; never rename them.
public enum PrimitiveClass: String, CaseIterable, Sendable, Hashable, Codable {
    // DoodleUINet classes, in the data set's alphabetical order.
    case avatar, back, camera, cancel, checkbox, dropDown, envelope, forward, leftarrow, menu
    case play, plus, search, settings, share, sliders, square, squiggle, star
    case `switch`
    // NOTATION primitives, synthesised by `PrimitiveSynthesizer` (RecognizeTraining).
    case rectangle, roundedRectangle, crossedBox, horizontalLine, verticalLine, circle, dot

    /// The twenty DoodleUINet classes, in data-set order.
    public static let doodleClasses: [PrimitiveClass] = Array(allCases.prefix(20))

    /// The NOTATION primitives that only the synthetic generator produces.
    public static let syntheticPrimitives: [PrimitiveClass] = Array(allCases.dropFirst(20))

    /// Whether this is one of the twenty DoodleUINet classes.
    public var isDoodleClass: Bool { PrimitiveClass.doodleClasses.contains(self) }
}
