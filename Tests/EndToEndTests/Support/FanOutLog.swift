import Foundation

extension DaemonProcess {
    /// The `key=value` counts of the last "frames made and written" line of the daemon's log
    /// (`FanOutCounts`, logged at shutdown); nil without a log file or such a line.
    func fanOutCounts() throws -> [String: Int]? {
        guard let logFile else { return nil }
        let log = try String(contentsOfFile: logFile, encoding: .utf8)
        guard let line = log.split(separator: "\n").last(where: { $0.contains("frames made and written") }) else {
            return nil
        }
        var counts: [String: Int] = [:]
        for field in line.split(separator: " ") {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1]) { counts[String(parts[0])] = value }
        }
        return counts
    }
}
