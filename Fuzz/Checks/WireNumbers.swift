import SessionProtocol
import StrokeLog

/// Every floating-point number a decoded client message carries, to check they are finite
/// (JSON has no NaN or infinity; a decoder that let one through would hand it to the fold).
enum WireNumbers {
    static func of(_ message: ClientMessage) -> [Double] {
        switch message {
        case .op(_, let event): of(event)
        case .ink(let ink): ink.points.flatMap { $0 } + [ink.width].compactMap { $0 }
        case .presence(let presence): [presence.x, presence.y]
        case .hello, .createSession, .join, .replay, .export, .getCode, .shareLink, .watchDetections: []
        }
    }

    static func of(_ event: EventPayload) -> [Double] {
        switch event {
        case .strokeAdded(let stroke):
            [stroke.width] + stroke.points.flatMap { [$0.x, $0.y, $0.t] + [$0.pressure].compactMap { $0 } }
        case .screenAdded(let screen): [screen.width, screen.height]
        case .metadataSet(let change): change.theme.map { [$0.cornerRadius, $0.typeScale] } ?? []
        case .strokesMoved(_, let dx, let dy): [dx, dy]
        case .strokesErased, .undo, .redo, .labelCorrected, .strokesMerged, .strokesSplit, .strokesIgnored, .textSet,
            .screenRenamed, .recognitionRun:
            []
        }
    }
}
