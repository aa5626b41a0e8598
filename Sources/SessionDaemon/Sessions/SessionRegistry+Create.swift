import Dispatch
import StrokeLog

extension SessionRegistry {
    /// Why a session was not created.
    enum CreationRefusal: Error {
        /// A client-minted id that is taken.
        case exists
    }

    /// Whether `name` has the form of a client-minted session id: `s-` and 32 lowercase hex
    /// digits (128 random bits), so two clients practically never pick the same one.
    nonisolated static func isMintedSessionName(_ name: String) -> Bool {
        let digits = name.utf8.dropFirst(2)
        return name.hasPrefix("s-") && digits.count == 32
            && digits.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Creates a session named `name` (client-minted) or by the server (`s-` and 16 random hex
    /// digits), with fresh tokens, `author`'s secret bound to its id, and an optional title event
    /// by `author`.
    func create(name requested: String?, title: String?, author: String, authorSecretDigest: String) async throws -> (
        String, SessionCapabilities
    ) {
        let catalog = catalog
        return try await openQueue.run {
            if let title { try ScreenName.check(title, what: "title") }
            var generator = SystemRandomNumberGenerator()
            let name =
                requested ?? "s-" + Hex.encode((0..<8).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
            if requested != nil, try catalog.exists(name) { throw CreationRefusal.exists }
            let log = try catalog.create(name)
            do {
                let capabilities = SessionCapabilities.mint()
                try capabilities.store(in: log.store)
                _ = try ClientSecrets.prove(clientId: author, secretDigest: authorSecretDigest, in: log.store)
                if let title {
                    _ = try log.append(
                        [
                            PendingEvent(
                                author: author, clientOpID: "create:\(name)",
                                payload: .metadataSet(MetadataChange(title: title)))
                        ], atomically: true)
                }
                return (name, capabilities)
            } catch {
                catalog.discardNewSession(name)
                throw error
            }
        }
    }
}
