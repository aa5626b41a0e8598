// swift-tools-version: 6.0
import PackageDescription

/// sketchd: hand-drawn phone screens to SwiftUI, live and collaborative.
///
/// Dependencies point one way: `SessionDaemon` and `sketchctl` use the libraries
/// (`SessionModel`, `StrokeLog`, `SketchModel`, `Recognize`, `Exporter`, `SessionProtocol`; sketchctl also
/// `RecognizeTraining`, which sketchd never links); the libraries never use the daemon.
let package = Package(
    name: "sketchd",
    // sketchd is built and tested on Linux (Debian 12, Glibc) only. macOS 15 is the floor that
    // Synchronization's Mutex and Atomic need; macOS is not a maintained target.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "sketchd", targets: ["SessionDaemon"]),
        .executable(name: "sketchctl", targets: ["sketchctl"]),
        .library(name: "SessionModel", targets: ["SessionModel"]),
        .library(name: "StrokeLog", targets: ["StrokeLog"]),
        .library(name: "PostgresStore", targets: ["PostgresStore"]),
        .library(name: "Recognize", targets: ["Recognize"]),
        .library(name: "SketchModel", targets: ["SketchModel"]),
        .library(name: "RecognizeTraining", targets: ["RecognizeTraining"]),
        .library(name: "Exporter", targets: ["Exporter"]),
        .library(name: "SessionProtocol", targets: ["SessionProtocol"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // System C libraries, found with pkg-config, installed from Debian.
        .systemLibrary(
            name: "CWebSockets", path: "Sources/CWebSockets", pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]),
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        // The handwriting reader's convolutions (AVX2 and FMA where the processor has them).
        .target(name: "CInkKernels"),

        // Libraries.
        // The session model (strokes, screens, events, the fold, the codecs, canvas files) and the
        // shared support code, without the store: it links neither SQLite nor Crypto, so the
        // recognizer and the exporter do not either (`PackageGraphTests`).
        .target(name: "SessionModel"),
        // The session log: the store (SQLite files, checkpoints, catalogs) over SessionModel,
        // which it re-exports, as GRDB keeps the database apart from the records it stores.
        .target(
            name: "StrokeLog",
            dependencies: ["SessionModel", "CSQLite", .product(name: "Crypto", package: "swift-crypto")]),
        // The session log in PostgreSQL (`--store postgres://...`): the cluster's log of record,
        // the same `SessionStore` contract as the SQLite files.
        .target(
            name: "PostgresStore",
            dependencies: [
                "StrokeLog", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The result model (elements, layout nodes, screens' and sessions' results, generated
        // files, diff hunks, element previews): what the exporter and the wire need without the
        // recognizer.
        .target(name: "SketchModel", dependencies: ["SessionModel"]),
        .target(
            name: "Recognize",
            dependencies: ["SessionModel", "SketchModel", "CInkKernels", "CZlib"],
            resources: [.copy("Resources")]),
        // Training, synthesis and evaluation: linked by sketchctl, benches and tests, never by sketchd.
        .target(name: "RecognizeTraining", dependencies: ["SessionModel", "SketchModel", "Recognize"]),
        .target(
            name: "Exporter",
            dependencies: ["SessionModel", "SketchModel", "CPNG"]),
        // The whole wire: what clients send (decoded, checked for shape and admitted), what the
        // daemon sends (typed, Codable), the typed errors; without the daemon or the recognizer, so
        // it can be fuzzed and reused by tests, benches and any Swift client. It encodes results
        // the daemon computed (code, previews) and never uses the exporter (`PackageGraphTests`).
        .target(name: "SessionProtocol", dependencies: ["StrokeLog", "SketchModel"]),

        // Small C helpers over libwebsockets for the daemon (LWS_PRE writes, protocol tables).
        // Its event loop is libev's (epoll), which lws runs in as a foreign loop.
        .target(name: "CSketchdLWS", dependencies: ["CWebSockets"], linkerSettings: [.linkedLibrary("ev")]),

        // Executables.
        .executableTarget(
            name: "SessionDaemon",
            dependencies: [
                "CWebSockets", "CSketchdLWS", "StrokeLog", "PostgresStore", "SketchModel", "Recognize", "Exporter",
                "SessionProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "sketchctl",
            dependencies: [
                "StrokeLog", "PostgresStore", "SketchModel", "Recognize", "RecognizeTraining", "Exporter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Benchmarks (bench/): speed is measured here, never asserted in tests.
        .executableTarget(name: "strokelog-bench", dependencies: ["StrokeLog"], path: "bench/strokelog"),
        .executableTarget(
            name: "store-append-bench", dependencies: ["StrokeLog", "PostgresStore", "BenchSupport"],
            path: "bench/store-appends",
            exclude: ["README.md"]),
        .executableTarget(
            name: "bench-reader", dependencies: ["Recognize", "RecognizeTraining", "StrokeLog"], path: "bench/reader"),
        .executableTarget(
            name: "bench-classify", dependencies: ["Recognize", "RecognizeTraining", "StrokeLog"],
            path: "bench/classify", exclude: ["README.md"]),
        .executableTarget(
            name: "export-bench", dependencies: ["Exporter", "SketchModel", "Recognize", "StrokeLog"],
            path: "bench/export/ExportBench"),
        .executableTarget(
            name: "wire-bench",
            dependencies: [
                "SessionProtocol", "Exporter", "SketchModel", "Recognize", "RecognizeTraining", "StrokeLog",
            ], path: "bench/wire"),

        // Fuzzing (Fuzz/, scripts/fuzz.sh): the decoders' properties, one libFuzzer target each.
        .target(
            name: "FuzzChecks", dependencies: ["StrokeLog", "SketchModel", "Recognize", "SessionProtocol"],
            path: "Fuzz/Checks"),
        .executableTarget(name: "fuzz-event-codec", dependencies: ["FuzzChecks"], path: "Fuzz/EventCodec"),
        .executableTarget(name: "fuzz-canvas-file", dependencies: ["FuzzChecks"], path: "Fuzz/CanvasFile"),
        .executableTarget(name: "fuzz-model-file", dependencies: ["FuzzChecks"], path: "Fuzz/ModelFile"),
        .executableTarget(name: "fuzz-client-message", dependencies: ["FuzzChecks"], path: "Fuzz/ClientMessage"),

        // Tests: one target per module, plus end-to-end tests over real processes.
        .testTarget(name: "SessionModelTests", dependencies: ["SessionModel"]),
        .testTarget(name: "StrokeLogTests", dependencies: ["StrokeLog", "SessionModel"]),
        // One contract for every `SessionStore` backend, run against SQLite files and PostgreSQL.
        .testTarget(name: "StoreContractTests", dependencies: ["StrokeLog", "PostgresStore", "ScratchServers"]),
        .testTarget(
            name: "RecognizeTests", dependencies: ["Recognize", "RecognizeTraining", "SketchModel", "StrokeLog"]),
        .testTarget(name: "SketchModelTests", dependencies: ["SketchModel", "SessionModel"]),
        .testTarget(name: "RecognizeTrainingTests", dependencies: ["RecognizeTraining", "Recognize", "SessionModel"]),
        .testTarget(
            name: "ExporterTests",
            dependencies: [
                "Exporter", "SketchModel", "Recognize", "StrokeLog",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ],
            exclude: ["Golden", "SwiftUIStub"]),
        .testTarget(name: "sketchctlTests", dependencies: ["StrokeLog"]),
        .testTarget(name: "FuzzChecksTests", dependencies: ["FuzzChecks"]),
        .testTarget(
            name: "SessionProtocolTests",
            dependencies: ["SessionProtocol", "StrokeLog", "WebSocketClient", "SketchModel", "Recognize"]),
        .testTarget(
            name: "SessionDaemonTests",
            dependencies: [
                "SessionDaemon", "SessionProtocol", "StrokeLog", "WebSocketClient", "SketchModel", "RecognizeTraining",
                "PostgresStore",
            ]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["StrokeLog", "Exporter", "WebSocketClient", "SessionProtocol", "ScratchServers"]),

        // A minimal blocking WebSocket client over POSIX sockets, for the end-to-end tests and
        // the daemon benchmark (bench/daemon).
        .target(
            name: "WebSocketClient", dependencies: ["StrokeLog", "SessionProtocol"],
            path: "Tests/Support/WebSocketClient"),
        // Throwaway servers for tests (a PostgreSQL of their own: scripts/postgres-scratch.sh).
        .target(name: "ScratchServers", path: "Tests/Support/ScratchServers"),
        .target(name: "BenchSupport", dependencies: ["WebSocketClient", "SessionProtocol"], path: "bench/Support"),
        .executableTarget(
            name: "sketchd-bench",
            dependencies: [
                "WebSocketClient", "BenchSupport", "Recognize", "RecognizeTraining", "StrokeLog", "SessionProtocol",
            ],
            path: "bench/daemon/Sources"),
        .target(name: "CBenchEpoll", path: "bench/CEpoll"),
        .executableTarget(
            name: "sketchd-sessions-bench", dependencies: ["WebSocketClient", "BenchSupport", "CBenchEpoll"],
            path: "bench/sessions",
            exclude: ["README.md"]),
        .executableTarget(
            name: "sketchd-flood", dependencies: ["WebSocketClient", "SessionProtocol"], path: "bench/flood"),
        .executableTarget(
            name: "sketchd-results-bench", dependencies: ["WebSocketClient", "BenchSupport"], path: "bench/results",
            exclude: ["README.md"]),
    ]
)
