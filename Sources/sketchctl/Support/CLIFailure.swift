import ArgumentParser
import Foundation
import StrokeLog

/// Runs a command body and turns every error into one line on stderr and exit code 1.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as StrokeLogError {
        fail("\(error.code): \(error)")
    } catch let error as ExitCode {
        throw error
    } catch let error as CLIFailure {
        fail(error.message)
    } catch {
        fail("\(error)")
    }
}

/// A one-line error a command reports and exits with.
struct CLIFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sketchctl: \(message.replacingOccurrences(of: "\n", with: " "))\n".utf8))
    exit(1)
}

/// Reads a whole file, with a one-line error when it cannot.
func readInputFile(_ path: String) throws -> Data {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw CLIFailure("cannot read '\(path)': no such file or not readable")
    }
    return data
}

/// Writes text to stdout.
func printOut(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
