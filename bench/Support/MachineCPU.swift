import Foundation

/// The whole machine's CPU time from `/proc/stat` (every process, the bench's and the
/// daemon's included), so a figure can say how busy the cores were while it was taken.
public struct MachineCPU: Sendable {
    /// Clock ticks spent busy (user, nice, system, irq, softirq) and stolen by the hypervisor.
    public var busy: Double
    public var stolen: Double

    /// Now, or nil where `/proc/stat` cannot be read.
    public static func now() -> MachineCPU? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first, line.hasPrefix("cpu ")
        else { return nil }
        let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard ticks.count >= 8 else { return nil }
        // user nice system idle iowait irq softirq steal
        return MachineCPU(busy: ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6], stolen: ticks[7])
    }

    /// The cores busy and stolen on average from `earlier` to this reading, `seconds` apart.
    public func cores(since earlier: MachineCPU, over seconds: Double) -> (busy: Double, stolen: Double) {
        let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ((busy - earlier.busy) / perSecond / seconds, (stolen - earlier.stolen) / perSecond / seconds)
    }
}
