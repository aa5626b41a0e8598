import Foundation
import BenchSupport

/// Drives a share of the clients from one thread: `poll` over their sockets, sends when due.
/// A few of these replace one reader thread per client.
final class LoadThread: @unchecked Sendable {
    private let clients: [LoadClient]
    private let drawUntil: Double
    private let stopAt: Double
    private let done = DispatchSemaphore(value: 0)

    /// Starts at once; strokes are sent until `drawUntil`, reading goes on until `stopAt`.
    init(clients: [LoadClient], drawUntil: Double, stopAt: Double) {
        self.clients = clients
        self.drawUntil = drawUntil
        self.stopAt = stopAt
        Thread.detachNewThread { [self] in
            run()
            done.signal()
        }
    }

    func wait() { done.wait() }

    private func run() {
        var descriptors = clients.map { pollfd(fd: $0.socket.fileDescriptor, events: Int16(POLLIN), revents: 0) }
        while true {
            let time = now()
            if time >= stopAt { return }
            let drawing = time < drawUntil
            var nextDue = stopAt
            for client in clients {
                client.sendDue(at: time, drawing: drawing)
                if drawing || client.undoAt != nil { nextDue = min(nextDue, client.nextDue) }
            }
            let wait = max(0, min(50, Int32(((nextDue - now()) * 1000).rounded(.up))))
            guard poll(&descriptors, nfds_t(descriptors.count), wait) > 0 else { continue }
            for (slot, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
                if !clients[slot].read() { descriptors[slot].fd = -1 }
                descriptors[slot].revents = 0
            }
        }
    }
}

/// Reads whatever the clients' sockets hold, waiting up to `waitingMilliseconds` for something
/// to arrive (pings are answered on the way).
func readAvailable(_ clients: [LoadClient], waitingMilliseconds: Int32 = 0) {
    var descriptors = clients.map { pollfd(fd: $0.socket.fileDescriptor, events: Int16(POLLIN), revents: 0) }
    guard poll(&descriptors, nfds_t(descriptors.count), waitingMilliseconds) > 0 else { return }
    for (slot, descriptor) in descriptors.enumerated() where descriptor.revents & Int16(POLLIN) != 0 {
        _ = clients[slot].read()
    }
}
