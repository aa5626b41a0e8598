extension AckMessage {
    /// The message as ``JSONWire`` writes it (sorted keys), written by hand: every op's ack was
    /// encoded by Foundation's `JSONEncoder` on its session's writer. `AckEncodingTests` compares.
    public var encoded: [UInt8] {
        var out = Array(#"{"clientOpId":"#.utf8)
        JSONBytes.appendString(clientOpId, to: &out)
        out += #","duplicate":\#(duplicate)"#.utf8
        if let outcome {
            out += #","outcome":{"kind":"#.utf8
            JSONBytes.appendString(outcome.kind, to: &out)
            if let overlaps = outcome.overlaps {
                out += #","overlaps":[\#(overlaps.map(String.init).joined(separator: ","))]"#.utf8
            }
            if let reason = outcome.reason {
                ResultJSON.key("reason", &out)
                JSONBytes.appendString(reason, to: &out)
            }
            if let redoneSeq = outcome.redoneSeq { out += #","redoneSeq":\#(redoneSeq)"#.utf8 }
            if let undoneSeq = outcome.undoneSeq { out += #","undoneSeq":\#(undoneSeq)"#.utf8 }
            out.append(UInt8(ascii: "}"))
        }
        out += #","seq":\#(seq),"type":"ack"}"#.utf8
        return out
    }
}
