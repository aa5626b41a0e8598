import XCTest

@testable import SessionDaemon

final class DaemonOptionsTests: XCTestCase {
    func testDefaultsListenOnLoopback() throws {
        let options = try DaemonOptions(arguments: [])
        XCTAssertEqual(options.host, "127.0.0.1")
        XCTAssertEqual(options.port, 8080)
        XCTAssertEqual(options.dataDirectory, "./data")
        XCTAssertEqual(options.webRoot, "web")
        XCTAssertEqual(options.limits.maxMessageBytes, 262_144)
        XCTAssertLessThanOrEqual(Int(options.limits.hangupSeconds) + 5, 25, "a vanished client leaves within 25 s")
        XCTAssertEqual(options.mallocArenas, 0, "glibc's own arena count unless told")
    }

    func testFlagsAndLimits() throws {
        let options = try DaemonOptions(arguments: [
            "--port", "0", "--max-participants", "3", "--max-queue", "64", "--ops-per-second", "7",
            "--malloc-arenas", "2",
        ])
        XCTAssertEqual(options.mallocArenas, 2)
        XCTAssertEqual(options.port, 0)
        XCTAssertEqual(options.limits.maxParticipants, 3)
        XCTAssertEqual(options.limits.outgoingQueue, 64)
        XCTAssertEqual(options.limits.opsPerSecond, 7)
    }

    func testBadFlagsAreRefusedWithAMessage() {
        for arguments in [
            ["--port", "70000"], ["--port"], ["--bogus", "1"], ["--ping-seconds", "30", "--hangup-seconds", "20"],
            ["--max-queue", "x"], ["--malloc-arenas", "-1"], ["--malloc-arenas", "5000"],
        ] {
            XCTAssertThrowsError(try DaemonOptions(arguments: arguments), "\(arguments)") { error in
                XCTAssertFalse("\(error)".isEmpty)
            }
        }
    }
}
