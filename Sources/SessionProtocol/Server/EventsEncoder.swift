import StrokeLog

/// Encodes `events` messages to exactly the bytes ``JSONWire`` gives, writing the hot records
/// (a stroke added, an undo, a redo) by hand: every commit is broadcast as one, and Foundation's
/// `JSONEncoder` walking a stroke's points was a fifth of the service thread's time with 200
/// sessions. Other records, and numbers JSON cannot hold, go through ``JSONWire``.
/// `EventsEncoderTests` checks the bytes against ``JSONWire``.
public enum EventsEncoder {
    /// The `events` message of `records`.
    public static func encode(_ records: [EventRecord]) -> [UInt8] {
        var out = Array(#"{"records":["#.utf8)
        for (index, record) in records.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendRecord(record, to: &out)
        }
        out += #"],"type":"events"}"#.utf8
        return out
    }

    /// One record, keys in JSONWire's (sorted) order.
    private static func appendRecord(_ record: EventRecord, to out: inout [UInt8]) {
        var event: [UInt8] = []
        guard appendPayload(record.payload, to: &event) else {
            out += JSONWire.encode(record)
            return
        }
        out += #"{"author":"#.utf8
        JSONBytes.appendString(record.author, to: &out)
        out += #","clientOpId":"#.utf8
        JSONBytes.appendString(record.clientOpID, to: &out)
        out += #","event":"#.utf8
        out += event
        out += #","seq":\#(record.seq),"serverTime":\#(record.serverTime)}"#.utf8
    }

    /// The payload, when it is one this encoder writes; false otherwise.
    private static func appendPayload(_ payload: EventPayload, to out: inout [UInt8]) -> Bool {
        switch payload {
        case .undo: out += #"{"kind":"undo"}"#.utf8
        case .redo: out += #"{"kind":"redo"}"#.utf8
        case .strokeAdded(let stroke):
            out += #"{"kind":"strokeAdded","stroke":{"color":"#.utf8
            JSONBytes.appendString(stroke.color, to: &out)
            out += #","id":"#.utf8
            JSONBytes.appendString(stroke.id, to: &out)
            out += #","points":"#.utf8
            guard JSONBytes.appendArray(stroke.points, to: &out, appendPoint) else { return false }
            out += #","screen":"#.utf8
            JSONBytes.appendString(stroke.screen, to: &out)
            out += #","width":"#.utf8
            guard JSONBytes.appendNumber(stroke.width, to: &out) else { return false }
            out += "}}".utf8
        default: return false
        }
        return true
    }

    /// `[x,y,t]` or `[x,y,t,pressure]`.
    private static func appendPoint(_ point: StrokePoint, to out: inout [UInt8]) -> Bool {
        out.append(UInt8(ascii: "["))
        guard JSONBytes.appendNumber(point.x, to: &out) else { return false }
        out.append(UInt8(ascii: ","))
        guard JSONBytes.appendNumber(point.y, to: &out) else { return false }
        out.append(UInt8(ascii: ","))
        guard JSONBytes.appendNumber(point.t, to: &out) else { return false }
        if let pressure = point.pressureOnTheWire {
            out.append(UInt8(ascii: ","))
            guard JSONBytes.appendNumber(pressure, to: &out) else { return false }
        }
        out.append(UInt8(ascii: "]"))
        return true
    }
}
