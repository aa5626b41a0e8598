import Foundation
import SessionProtocol

extension WebSocketClient {
    /// A server `error` that came while waiting for another message.
    public struct Refused: Error, CustomStringConvertible {
        /// The error the server sent.
        public var error: ErrorMessage
        public var description: String { "refused: \(error.code.rawValue): \(error.message)" }
    }

    /// Reads frames until one decodes to the kind `kind` picks (such as `\.sessionCreated`), for
    /// set-up steps of benches and tests that use the raw client; other messages are skipped.
    /// - Throws: ``Refused`` for an `error` (unless an error is what is awaited),
    ///   ``Failure/timeout`` when nothing fitting comes within `timeout` seconds,
    ///   ``Failure/closed`` on a close, a `DecodingError` for a frame that is not a server message.
    public func receive<Wanted>(_ kind: (ServerMessage) -> Wanted?, timeout: Double = 30) throws -> Wanted {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0, let frame = try receive(timeout: deadline.timeIntervalSinceNow) {
            switch frame {
            case .close: throw Failure.closed
            case .binary: continue
            case .text(let text):
                let message = try ServerMessage.decode(Array(text.utf8))
                if let wanted = kind(message) { return wanted }
                if let error = message.error { throw Refused(error: error) }
            }
        }
        throw Failure.timeout
    }
}
