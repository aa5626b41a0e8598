import ArgumentParser
import StrokeLog

/// `--data-dir` and `--session`, shared by the commands that open a session.
struct SessionOptions: ParsableArguments {
    @Option(name: .long, help: "The directory holding the session files.")
    var dataDir: String = "./data"

    @Option(name: .long, help: "The session's name.")
    var session: String

    var directory: SessionDirectory { SessionDirectory(root: dataDir) }
}
