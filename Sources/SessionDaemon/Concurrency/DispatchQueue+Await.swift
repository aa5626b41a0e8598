import Dispatch

extension DispatchQueue {
    /// Runs `work` on this queue and resumes the caller with its result, blocking no thread of
    /// the caller's: how a worker hands a result back to ``ServiceLoop``.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            self.async { continuation.resume(with: Result(catching: work)) }
        }
    }

    /// Runs `work` on this queue and resumes the caller with its result.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            self.async { continuation.resume(returning: work()) }
        }
    }
}
