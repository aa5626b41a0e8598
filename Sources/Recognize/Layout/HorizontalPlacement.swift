import SketchModel

/// Where a box sits across its parent: against the leading edge, centred, or against the trailing
/// edge. The layout keeps it when it moves or widens a parent, and `LayoutFidelity`
/// (RecognizeTraining) checks it.
public enum HorizontalPlacement: String, Hashable, Sendable, Codable, CaseIterable {
    case leading, center, trailing

    /// How far (points) a centre may sit from its parent's centre and still be centred.
    public static let slack = 8.0

    /// The placement of `frame` in `parent`: centred within ``slack``, else the nearer edge.
    public init(of frame: Rect, in parent: Rect) {
        if abs(frame.midX - parent.midX) <= Self.slack {
            self = .center
        } else {
            self = frame.minX - parent.minX <= parent.maxX - frame.maxX ? .leading : .trailing
        }
    }

    /// The x of `frame` (drawn in `drawnParent`) moved into `placedParent`, keeping its distance
    /// to the edge (or centre) it is placed against.
    public static func x(of frame: Rect, drawnIn drawnParent: Rect, placedIn placedParent: Rect) -> Double {
        switch HorizontalPlacement(of: frame, in: drawnParent) {
        case .leading: placedParent.minX + (frame.minX - drawnParent.minX)
        case .center: placedParent.midX + (frame.midX - drawnParent.midX) - frame.width / 2
        case .trailing: placedParent.maxX - (drawnParent.maxX - frame.maxX) - frame.width
        }
    }
}
