import SketchModel
import StrokeLog

/// Checks on an op's event that belong to the protocol rather than to the log (the log stores
/// any well-formed event; the daemon admits only what the notation knows).
public enum EventAdmission {
    /// The first thing the daemon refuses in `event`, if any.
    public static func problem(with event: EventPayload, clientOpId: String, maxPoints: Int) -> WireError? {
        switch event {
        case .strokeAdded(let stroke) where stroke.points.count > maxPoints:
            return WireError(.tooManyPoints, "a stroke has \(stroke.points.count) points; the limit is \(maxPoints)", clientOpId: clientOpId)
        case .labelCorrected(_, let label) where ElementType(rawValue: label) == nil:
            return WireError(.unknownLabel, "'\(label.prefix(40))' is not a NOTATION type; use one of \(knownLabels)", clientOpId: clientOpId)
        default:
            return nil
        }
    }

    private static let knownLabels = ElementType.allCases.map(\.rawValue).joined(separator: ", ")
}
