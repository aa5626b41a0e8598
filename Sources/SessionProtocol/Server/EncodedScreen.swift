import SketchModel

/// The last `recognition` message of one screen, by part, with the bytes of each part
/// (``RecognitionEncoder``); ``parts`` writes the whole message, with or without its detections.
struct EncodedScreen: Sendable {
    private var detections = EncodedList<Detection>()
    private var elements = EncodedElements()
    private var layout: (value: LayoutNode, bytes: [UInt8])?
    private var preview = EncodedPreview()
    private var readingOrder: [String] = []
    /// `"elements":…,"screen":"…"`: everything after the detections and before the seq; empty
    /// before the first message.
    private var rest: [UInt8] = []
    /// Whether the detections' bytes are those of the last message taken.
    private var detectionsCurrent = true

    /// What ``take(_:)`` found changed beyond the seq.
    struct Changes {
        /// Anything but the detections (or this is the screen's first message).
        var withoutDetections: Bool
        /// Anything at all.
        var withDetections: Bool
    }

    /// Takes `message` as the screen's last one (a message without detections has none); says
    /// what differs beyond its seq. Its detections are compared and written only `withDetections`
    /// (when nobody watches them, they are not looked at; the form with them is then unknown,
    /// and its change is taken to be the other form's).
    mutating func take(_ message: RecognitionMessage, withDetections: Bool) -> Changes {
        var changed = rest.isEmpty
        var detectionsChanged = false
        if withDetections {
            detectionsChanged =
                detections.take(message.detections ?? [], key: { $0.strokeIds }, encode: ResultJSON.encode)
                || !detectionsCurrent
        }
        detectionsCurrent = withDetections
        if elements.take(message.elements) { changed = true }
        if layout?.value != message.layout {
            layout = (message.layout, ResultJSON.encode(message.layout))
            changed = true
        }
        if preview.take(message.preview) { changed = true }
        if readingOrder != message.readingOrder {
            readingOrder = message.readingOrder
            changed = true
        }
        if changed {
            // The keys in JSONWire's order (sorted by their UTF-8 bytes).
            var out = Array(#""elements":"#.utf8)
            out += elements.bytes
            out += #","layout":"#.utf8
            out += layout!.bytes
            out += #","preview":"#.utf8
            out += preview.bytes
            out += #","readingOrder":"#.utf8
            ResultJSON.appendStrings(readingOrder, to: &out)
            out += #","screen":"#.utf8
            JSONBytes.appendString(message.screen, to: &out)
            rest = out
        }
        return Changes(withoutDetections: changed, withDetections: changed || detectionsChanged)
    }

    /// The message's parts as last taken, to write either form at any seq (the form with the
    /// detections only when they were taken too).
    var parts: RecognitionParts { RecognitionParts(detections: detectionsCurrent ? detections.bytes : nil, rest: rest) }
}

/// A screen's encoded `recognition` without its seq: the detections' bytes and the rest's,
/// written into a whole message only when one is sent (a screen that did not change is not
/// written at all).
struct RecognitionParts: Sendable {
    /// `[…]`; nil when the detections were not taken.
    let detections: [UInt8]?
    /// `"elements":…,"screen":"…"`.
    let rest: [UInt8]

    /// The whole message at `seq`, with the detections when asked and known.
    func bytes(seq: Int64, withDetections: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(rest.count + (detections?.count ?? 0) + 64)
        if withDetections, let detections {
            out += #"{"detections":"#.utf8
            out += detections
            out.append(UInt8(ascii: ","))
        } else {
            out.append(UInt8(ascii: "{"))
        }
        out += rest
        out += #","seq":\#(seq),"type":"recognition"}"#.utf8
        return out
    }
}

/// A list of values last encoded, in order, with each one's bytes and the list's.
struct EncodedList<Value: Equatable & Sendable>: Sendable {
    private var values: [Value] = []
    private var parts: [[UInt8]] = []
    /// `[…]`.
    private(set) var bytes = Array("[]".utf8)

    /// Takes `fresh`; returns whether it differs from the list before. A value equal to the one
    /// at the old list's cursor (or the one after it, when one went) keeps its bytes; a value
    /// whose key is the cursor's is written again; anything else is looked up by key.
    mutating func take<Key: Hashable>(_ fresh: [Value], key: (Value) -> Key, encode: (Value) -> [UInt8]) -> Bool {
        if fresh.sharesStorage(with: values) { return false }
        var same = fresh.count == values.count
        var newParts: [[UInt8]] = []
        newParts.reserveCapacity(fresh.count)
        var cursor = 0
        var byKey: [Key: Int]?
        // Through buffer pointers: a value is compared where it lies, never copied out
        // (detections and element trees are large).
        values.withUnsafeBufferPointer { values in
            fresh.withUnsafeBufferPointer { fresh in
                for place in fresh.indices {
                    if cursor < values.count, values[cursor] == fresh[place] {
                        if cursor != place { same = false }
                        newParts.append(parts[cursor])
                        cursor += 1
                        continue
                    }
                    same = false
                    if cursor + 1 < values.count, values[cursor + 1] == fresh[place] {
                        newParts.append(parts[cursor + 1])
                        cursor += 2
                    } else if cursor < values.count, key(values[cursor]) == key(fresh[place]) {
                        newParts.append(encode(fresh[place]))
                        cursor += 1
                    } else {
                        let index =
                            byKey
                            ?? Dictionary(
                                values.indices.map { (key(values[$0]), $0) }, uniquingKeysWith: { first, _ in first })
                        byKey = index
                        if let old = index[key(fresh[place])], values[old] == fresh[place] {
                            newParts.append(parts[old])
                        } else {
                            newParts.append(encode(fresh[place]))
                        }
                    }
                }
            }
        }
        guard !same else { return false }
        values = fresh
        parts = newParts
        var out: [UInt8] = [UInt8(ascii: "[")]
        out.reserveCapacity(parts.reduce(2) { $0 + $1.count + 1 })
        for (index, part) in parts.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += part
        }
        out.append(UInt8(ascii: "]"))
        bytes = out
        return true
    }
}

/// The element previews last encoded, with each one's bytes and the object's.
struct EncodedPreview: Sendable {
    private var values: [String: ElementPreview] = [:]
    private var parts: [String: [UInt8]] = [:]
    /// `{"id":{…},…}` in sorted key order.
    private(set) var bytes = Array("{}".utf8)

    /// Takes `fresh`; returns whether it differs from the previews before.
    mutating func take(_ fresh: [String: ElementPreview]) -> Bool {
        guard fresh != values else { return false }
        var newParts: [String: [UInt8]] = [:]
        newParts.reserveCapacity(fresh.count)
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (index, id) in JSONBytes.sortedKeys(fresh).enumerated() {
            let value = fresh[id]!
            let part = values[id] == value ? parts[id]! : ResultJSON.encode(value)
            newParts[id] = part
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONBytes.appendString(id, to: &out)
            out.append(UInt8(ascii: ":"))
            out += part
        }
        out.append(UInt8(ascii: "}"))
        values = fresh
        parts = newParts
        bytes = out
        return true
    }
}
