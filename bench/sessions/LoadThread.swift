import BenchSupport
import CBenchEpoll
import Foundation

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

    /// `epoll`, not `poll`: a `poll` over a few hundred sockets per wake was a large part of the
    /// bench's own CPU at 100-200 sessions, which shares the 2 cores with the daemon it measures.
    private func run() {
        let readiness = bench_readiness_create()
        precondition(readiness >= 0, "epoll_create1 failed: \(errno)")
        defer { close(readiness) }
        for (slot, client) in clients.enumerated() {
            precondition(
                bench_readiness_add(readiness, client.socket.fileDescriptor, UInt32(slot)) == 0,
                "epoll_ctl failed: \(errno)")
        }
        var ready = [UInt32](repeating: 0, count: 256)
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
            let count = bench_readiness_wait(readiness, &ready, Int32(ready.count), wait)
            guard count > 0 else { continue }
            for slot in ready.prefix(Int(count)) {
                let client = clients[Int(slot)]
                if !client.read() { bench_readiness_remove(readiness, client.socket.fileDescriptor) }
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
