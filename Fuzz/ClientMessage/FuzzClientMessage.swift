import FuzzChecks

/// libFuzzer entry point (built by scripts/fuzz.sh with `--sanitize fuzzer -DFUZZING`): a
/// broken property stops the run with the input saved.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClientMessage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzRunner.run(.clientMessage, data, size)
}

#if !FUZZING
    /// Without libFuzzer: checks the files named on the command line (a corpus replay).
    @main
    enum ReplayClientMessage {
        static func main() { FuzzRunner.replay(.clientMessage) }
    }
#endif
