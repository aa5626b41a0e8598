/// Which web pages may open the WebSocket (PROTOCOL.md, "Origins"): by default only pages the
/// daemon served itself, plus the origins given with `--allow-origin`. A request without an
/// `Origin` header is not from a browser page (tests, `sketchctl`, scripts) and is let in: the
/// policy is about pages a browser opens, which always send one.
struct OriginPolicy {
    /// Normalised origins (`scheme://host:port`, lower case) always allowed.
    private let allowed: Set<String>
    /// Bound to every interface: the daemon's own origin is whatever address the page came
    /// from, accepted when it is an IP literal naming the same host and port as the request
    /// (a name could be rebound to this address by another site's DNS).
    private let acceptsOwnAddressLiteral: Bool

    /// The policy of a daemon bound to `host`:`port` that also allows `extra` origins.
    init(host: String, port: Int, extra: [String]) {
        var own: Set<String> = []
        let names = Self.isLoopback(host) ? [host, "127.0.0.1", "localhost", "[::1]"] : [host]
        for name in names { own.insert("http://\(Self.bracketed(name).lowercased()):\(port)") }
        allowed = own.union(extra.compactMap(Self.normalized))
        acceptsOwnAddressLiteral = Self.isWildcard(host)
    }

    /// Whether an upgrade with these headers may proceed.
    func allows(origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        guard let normalized = Self.normalized(origin) else { return false }
        if allowed.contains(normalized) { return true }
        guard acceptsOwnAddressLiteral, let host, let requested = Self.normalized("http://" + host),
            normalized == requested, Self.isAddressLiteral(Self.hostPart(of: requested))
        else { return false }
        return true
    }

    /// Whether binding `host` exposes the daemon beyond this machine.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// `scheme://host:port` in lower case with the default port filled in; nil for anything
    /// that is not an http(s) origin (such as `null`).
    static func normalized(_ origin: String) -> String? {
        let lower = origin.lowercased()
        let scheme: String
        let defaultPort: Int
        if lower.hasPrefix("http://") {
            (scheme, defaultPort) = ("http", 80)
        } else if lower.hasPrefix("https://") {
            (scheme, defaultPort) = ("https", 443)
        } else {
            return nil
        }
        var authority = lower.dropFirst(scheme.count + 3)
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        guard !authority.isEmpty, !authority.contains("/"), !authority.contains("@") else { return nil }
        let hasPort: Bool
        if authority.hasPrefix("[") {
            hasPort = authority.contains("]:")
        } else {
            hasPort = authority.contains(":")
        }
        return "\(scheme)://\(authority)" + (hasPort ? "" : ":\(defaultPort)")
    }

    private static func hostPart(of normalized: String) -> String {
        let authority = normalized.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
        guard let colon = authority.lastIndex(of: ":") else { return authority }
        return String(authority[..<colon])
    }

    private static func isAddressLiteral(_ host: String) -> Bool {
        if host.hasPrefix("[") && host.hasSuffix("]") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }

    private static func isWildcard(_ host: String) -> Bool { host == "0.0.0.0" || host == "::" || host.isEmpty }

    private static func bracketed(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }
}
