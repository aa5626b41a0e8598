import Foundation

/// The JSON text of an `op` message made once, with its client op id and stroke id put in per
/// send: `JSONSerialization` of a 41-point stroke on every send made the bench's clients, which
/// share the 2 cores with the daemon they measure, cost more than the daemon's reading of it.
public struct OpText: Sendable {
    private let parts: [String]
    /// For each gap between parts: true for the client op id, false for the stroke id.
    private let gapIsOpID: [Bool]

    private static let opMarker = "\\u0001"
    private static let strokeMarker = "\\u0002"

    /// The text of `{"type": "op", "clientOpId": ..., "event": event(strokeId)}`, sorted keys as
    /// ``json(_:)`` writes them.
    public init(event: (_ strokeId: String) -> [String: Any]) {
        var rest = Substring(json(["type": "op", "clientOpId": "\u{1}", "event": event("\u{2}")]))
        var parts: [String] = []
        var gaps: [Bool] = []
        while true {
            let op = rest.range(of: Self.opMarker)
            let stroke = rest.range(of: Self.strokeMarker)
            guard let next = [op, stroke].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) else { break }
            parts.append(String(rest[..<next.lowerBound]))
            gaps.append(next == op)
            rest = rest[next.upperBound...]
        }
        parts.append(String(rest))
        self.parts = parts
        gapIsOpID = gaps
        precondition(
            text(clientOpId: "st:0", strokeId: "k0")
                == json(["type": "op", "clientOpId": "st:0", "event": event("k0")]),
            "OpText differs from the JSON it stands for")
    }

    /// The message with `clientOpId` and `strokeId` (plain ids: nothing in them needs escaping;
    /// `strokeId` is not used when the event names no stroke).
    public func text(clientOpId: String, strokeId: String = "") -> String {
        var text = parts[0]
        for (gap, isOpID) in gapIsOpID.enumerated() {
            text += isOpID ? clientOpId : strokeId
            text += parts[gap + 1]
        }
        return text
    }

    /// An `undo` op.
    public static let undo = OpText { _ in ["kind": "undo"] }
}
