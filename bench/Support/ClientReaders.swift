import Foundation
import WebSocketClient

/// Starts one thread per client that reads its text messages while `running` holds and hands each
/// one's bytes and arrival time (`now()`) to `handle` with the client's index. Byte-level: 50
/// threads decoding large `recognition` messages would otherwise measure their own parsing.
public func readEachClient(
    _ clients: [WebSocketClient], while running: Locked<Bool>,
    _ handle: @escaping @Sendable (_ client: Int, _ bytes: [UInt8], _ time: Double) -> Void
) {
    for (index, client) in clients.enumerated() {
        Thread.detachNewThread {
            while running.value {
                guard case .text(let text)? = try? client.receive(timeout: 0.5) else { continue }
                let time = now()
                handle(index, Array(text.utf8), time)
            }
        }
    }
}
