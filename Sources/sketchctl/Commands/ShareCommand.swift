import ArgumentParser
import StrokeLog

/// `sketchctl share`: mints capability tokens for a session and prints its share links.
struct ShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Mint an edit and a view token for a session and print its share links.",
        discussion: """
            Tokens are 256-bit random values; only their SHA-256 is stored in the session file. \
            Minting replaces the session's earlier tokens, so links shared before stop working. \
            The tokens travel in the URL fragment, which browsers never send to the server.
            """)

    @OptionGroup var options: SessionOptions

    @Option(help: "The address sketchd serves the web page on.")
    var baseURL = "http://127.0.0.1:8080/"

    func run() throws {
        try reportingErrors {
            let catalog = try options.catalog()
            let log = try catalog.open(options.session)
            let capabilities = SessionCapabilities.mint()
            try capabilities.store(in: log.store)
            let base = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
            printOut("edit: \(base)#session=\(options.session)&token=\(capabilities.editToken)")
            printOut("view: \(base)#session=\(options.session)&token=\(capabilities.viewToken)")
        }
    }
}
