import Foundation
import PostgresNIO

/// A `postgres://user[:password]@host[:port]/database` address (`--store`), parsed into a
/// connection configuration; its ``description`` never shows the password.
public struct PostgresLocation: Sendable, CustomStringConvertible {
    /// The configuration connections are made with.
    public let configuration: PostgresConnection.Configuration
    /// The address without its password, for messages and logs.
    public let description: String

    /// Whether `store` names a PostgreSQL database rather than a directory.
    public static func isPostgres(_ store: String) -> Bool {
        store.hasPrefix("postgres://") || store.hasPrefix("postgresql://")
    }

    /// Parses `url`. TLS is used when `sslmode=require` (or `verify-full`) asks for it.
    /// - Throws: ``PostgresAddressError`` for an address that is not one.
    public init(url: String) throws {
        guard Self.isPostgres(url), let components = URLComponents(string: url), let host = components.host,
            !host.isEmpty
        else {
            throw PostgresAddressError(reason: "not a postgres://user@host[:port]/database address")
        }
        let user = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        let password = components.password.flatMap { $0.removingPercentEncoding }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty else { throw PostgresAddressError(reason: "the address names no database") }
        let sslMode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
        let tls: PostgresConnection.Configuration.TLS
        switch sslMode {
        case "disable", "allow", "prefer": tls = .disable
        case "require", "verify-ca", "verify-full": tls = .require(try .init(configuration: .makeClientConfiguration()))
        default: throw PostgresAddressError(reason: "sslmode \(sslMode) is not one of disable, require, verify-full")
        }
        let port = components.port ?? 5432
        configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
        description = "postgres://\(user)@\(host):\(port)/\(database)"
    }
}

/// A `--store` address that is not a PostgreSQL one.
public struct PostgresAddressError: Error, CustomStringConvertible {
    /// What is wrong with it.
    public var reason: String
    /// One line for people.
    public var description: String { "--store: \(reason)" }
}
