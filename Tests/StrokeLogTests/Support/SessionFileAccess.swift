@testable import StrokeLog

extension SessionLog {
    /// The session's SQLite store, for tests of what only the file backend has (raw SQL, the
    /// layout version, integrity checks).
    var file: EventStore { store as! EventStore }
}
