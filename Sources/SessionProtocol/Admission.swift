import SketchModel
import StrokeLog

/// The one place that decides whether what a client sends may enter a session: an op's event,
/// live ink and a cursor, checked against the notation, the sizes and the bounds. The shape was
/// checked when the frame was decoded (``ClientMessage/decode(_:)``); what an op does to the
/// session (unknown strokes, retries) is decided when the log folds it.
///
/// The daemon calls it once per message, after the role and budget checks.
public struct Admission: Sendable {
    /// The most points one stroke, or one ink message, may carry (`welcome.limits`).
    public static let maxPointsPerStroke = Stroke.maxPoints

    /// An admission.
    public init() {}

    /// The op as the log stores it, its content checked once here
    /// (``PendingEvent/checked(author:clientOpID:payload:serverTime:)``: the ids, the points per
    /// stroke and everything else ``EventPayload/validated()`` checks, in canonical form), or why
    /// it is refused: a label the notation does not know, or anything the log would refuse to
    /// store. Errors name `clientOpId`.
    public func admit(_ event: EventPayload, author: String, clientOpId: String) -> Result<PendingEvent, WireError> {
        if case .labelCorrected(_, let label) = event, ElementType(rawValue: label) == nil {
            return .failure(
                WireError(
                    .unknownLabel, "'\(label.prefix(40))' is not a NOTATION type; use one of \(Self.knownLabels)",
                    clientOpId: clientOpId))
        }
        do {
            return .success(try PendingEvent.checked(author: author, clientOpID: clientOpId, payload: event))
        } catch let error as StrokeLogError {
            return .failure(WireError(error, clientOpId: clientOpId))
        } catch {
            return .failure(WireError(.invalidEvent, "\(error)", clientOpId: clientOpId))
        }
    }

    /// Why an ink message is refused, if it is: ids, the points' count and numbers, the colour.
    public func problem(with ink: ClientMessage.InkUpdate) -> WireError? {
        guard Identifier.isValid(ink.strokeId), Identifier.isValid(ink.screen) else {
            return WireError(.invalidIdentifier, "ink needs a valid strokeId and screen")
        }
        guard ink.points.count <= Self.maxPointsPerStroke else {
            return WireError(
                .tooManyPoints, "an ink message has \(ink.points.count) points; the limit is \(Self.maxPointsPerStroke)"
            )
        }
        guard ink.points.allSatisfy({ (2...4).contains($0.count) && $0.allSatisfy(\.isFinite) }),
            ink.width?.isFinite ?? true
        else {
            return WireError(.invalidNumber, "ink points are 2 to 4 finite numbers")
        }
        if let color = ink.color, (try? HexColor.check(color)) == nil {
            return WireError(.invalidEvent, "ink colour must be #rgb or #rrggbb")
        }
        return nil
    }

    /// Why a cursor position is refused, if it is: coordinates off the canvas, a bad screen id.
    public func problem(with presence: ClientMessage.PresenceUpdate) -> WireError? {
        guard presence.x.isFinite, presence.y.isFinite, abs(presence.x) <= StrokePoint.coordinateLimit,
            abs(presence.y) <= StrokePoint.coordinateLimit
        else {
            return WireError(.invalidNumber, "presence x and y must be finite coordinates")
        }
        guard Identifier.isValid(presence.screen) else {
            return WireError(.invalidIdentifier, "presence needs a valid screen id")
        }
        return nil
    }

    private static let knownLabels = ElementType.allCases.map(\.rawValue).joined(separator: ", ")
}
