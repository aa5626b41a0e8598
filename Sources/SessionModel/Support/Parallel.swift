import Dispatch

/// Deterministic data parallelism: results land at their own index, so the output never depends
/// on thread scheduling. Used by training and evaluation, and by the exporter's image rendering.
public enum Parallel {
    /// `body(i)` for every `i` in `0..<count`, computed on up to `threads` threads, in index order.
    public static func map<T>(_ count: Int, threads: Int, _ body: (Int) -> T) -> [T] {
        guard threads > 1, count > 1 else { return (0..<count).map(body) }
        let results = ResultSlots<T>(count: count)
        let chunks = min(threads, count)
        withoutActuallyEscaping(body) { body in
            let shared = UncheckedBox(body)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let lo = count * chunk / chunks
                let hi = count * (chunk + 1) / chunks
                for i in lo..<hi { results.set(i, shared.value(i)) }
            }
        }
        return results.values()
    }
}

/// Write-once slots filled from several threads at distinct indexes.
private final class ResultSlots<T>: @unchecked Sendable {
    private var slots: [T?]
    init(count: Int) { slots = [T?](repeating: nil, count: count) }
    func set(_ i: Int, _ value: T) { slots.withUnsafeMutableBufferPointer { $0[i] = value } }
    func values() -> [T] { slots.map { $0! } }
}

/// Carries a non-Sendable closure into `concurrentPerform`; the closures used here only read
/// shared state.
private struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
