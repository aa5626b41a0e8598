import Foundation
import SessionProtocol
import StrokeLog

/// The client message decoder (what the daemon runs on every text frame):
/// - any bytes decode to exactly one of a message or a typed ``WireError`` of the decoder's
///   codes, the same one every time;
/// - a decoded message re-encodes to a frame that decodes to the same message, and carries only
///   finite numbers;
/// - ink the daemon would relay has valid ids and 2 to 4 numbers a point;
/// - an op the daemon would admit (``Admission``) keeps every
///   limit of PROTOCOL.md, and its stored, canonical form is broadcast and read back unchanged;
/// - a `hello` name, cut as the daemon cuts it, fits its limit.
enum ClientMessageCheck {
    /// The codes `ClientMessage.decode` may answer with.
    private static let decoderCodes: Set<WireError.Code> = [.badJSON, .invalidNumber, .unknownKind, .invalidEvent]

    static func check(_ bytes: [UInt8]) throws(FuzzViolation) {
        let outcome = decode(bytes)
        guard decode(bytes) == outcome else { throw FuzzViolation("decoding the same bytes twice differs") }
        switch outcome {
        case .failure(let error):
            guard decoderCodes.contains(error.code), !error.message.isEmpty else {
                throw FuzzViolation("decoder error outside its codes: \(error.code) '\(error.message)'")
            }
            if error.code == .unknownKind || error.code == .invalidEvent, error.clientOpId == nil {
                throw FuzzViolation("an op error (\(error.code)) does not name the op")
            }
        case .success(let message):
            try roundTrip(message)
            guard WireNumbers.of(message).allSatisfy(\.isFinite) else {
                throw FuzzViolation("\(message.type) carries a non-finite number")
            }
            if case .op(let clientOpId, let event) = message { try admit(event, clientOpId: clientOpId) }
            if case .ink(let ink) = message { try admit(ink) }
            if case .hello(let hello) = message, let name = hello.name {
                try TextFit.require(
                    TextLimit.participantName.truncated(name), TextLimit.participantName, "hello name once cut")
            }
        }
    }

    /// The decoder's answer: a message or the typed error; anything else thrown is a violation.
    private static func decode(_ bytes: [UInt8]) -> Result<ClientMessage, WireError> {
        do {
            return .success(try ClientMessage.decode(bytes))
        } catch let error as WireError {
            return .failure(error)
        } catch {
            return .failure(WireError(.internalError, "untyped decode error: \(error)"))
        }
    }

    private static func roundTrip(_ message: ClientMessage) throws(FuzzViolation) {
        let frame = JSONWire.encode(message)
        guard case .success(let again) = decode(frame) else {
            throw FuzzViolation(
                "a decoded \(message.type) does not decode after encoding: \(String(decoding: frame.prefix(200), as: UTF8.self))"
            )
        }
        guard again == message else { throw FuzzViolation("\(message.type) changes in an encode-decode round trip") }
    }

    /// Ink as the daemon admits it: relayed only with valid ids and 2 to 4 numbers a point.
    private static func admit(_ ink: ClientMessage.InkUpdate) throws(FuzzViolation) {
        guard Admission().problem(with: ink) == nil else { return }
        guard Identifier.isValid(ink.strokeId), Identifier.isValid(ink.screen), ink.points.count <= Stroke.maxPoints,
            ink.points.allSatisfy({ (2...4).contains($0.count) })
        else {
            throw FuzzViolation("admitted ink breaks a limit of PROTOCOL.md")
        }
    }

    /// An op as the daemon admits it: refused with a typed error, or stored within every limit.
    private static func admit(_ event: EventPayload, clientOpId: String) throws(FuzzViolation) {
        let stored: EventPayload
        switch Admission().admit(event, author: "fuzz", clientOpId: clientOpId) {
        case .failure(let refusal):
            guard refusal.code != .internalError, refusal.clientOpId == clientOpId else {
                throw FuzzViolation("a refused \(event.kind) op maps to \(refusal.code) without naming the op")
            }
            return
        case .success(let admitted):
            stored = admitted.payload
        }
        try StoredEventLimits.require(stored)
        guard (try? stored.validated()) == stored else {
            throw FuzzViolation("a stored \(stored.kind) event is not canonical")
        }
        let broadcast = JSONWire.encode(ClientMessage.op(clientOpId: clientOpId, event: stored))
        guard case .success(.op(_, let received)) = decode(broadcast), received == stored else {
            throw FuzzViolation("a stored \(stored.kind) event does not read back from its JSON form")
        }
    }
}
