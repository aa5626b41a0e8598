import SketchModel

/// Encodes `recognition` messages to exactly the bytes ``JSONWire`` gives (sorted keys, no
/// whitespace), reusing what is equal to the last message of the same screen: one new stroke
/// changes one or two of a screen's 40 elements, and encoding the rest again was a third of the
/// daemon's CPU. New elements, detections, previews and the layout are written by
/// ``ResultJSON``, not Foundation's `JSONEncoder`.
///
/// Per screen it keeps the last message's parts with their bytes (``EncodedScreen``): a
/// detection still at its place is compared once and its bytes reused, only detections that
/// moved are looked up; every element, at any depth, is looked up by id and its bytes reused
/// when it is unchanged (``EncodedElements``), so a list that gained a box writes its own fields
/// around its rows' old bytes. A list that is the very array it holds (an unchanged screen's
/// result handed on from the recognizer's cache) is not compared at all. The same comparisons
/// say whether a screen changed beyond its seq, which is what the daemon broadcasts.
///
/// Each message comes in two forms: without its detections, what every connection gets, and
/// with them, for a connection that watches them (the debug view). On a typical screen the
/// detections are over half the message, and they change with strokes that change nothing else.
///
/// The daemon keeps one per session with its published results; it holds only the screens of
/// the last encoding. `RecognitionEncoderTests` checks the bytes against ``JSONWire`` on real results.
public struct RecognitionEncoder: Sendable {
    private var screens: [String: EncodedScreen] = [:]

    /// One encoded message, in both forms, and whether each differs from the last one of its screen.
    public struct Encoded: Sendable {
        private let parts: RecognitionParts
        /// The seq the message carries.
        public let seq: Int64
        /// Whether anything but the seq and the detections differs from the last encoded message
        /// of the same screen (true for a screen the last encoding did not have).
        public let changed: Bool
        /// Whether anything but the seq differs (the detections included); when they were not
        /// taken, whether the rest differs.
        public let changedWithDetections: Bool

        init(parts: RecognitionParts, seq: Int64, changed: Bool, changedWithDetections: Bool) {
            self.parts = parts
            self.seq = seq
            self.changed = changed
            self.changedWithDetections = changedWithDetections
        }

        /// Whether the form with (or without) the detections changed.
        public func changed(withDetections: Bool) -> Bool {
            withDetections ? changedWithDetections : changed
        }

        /// The message without its detections, written anew on each call.
        public var bytes: [UInt8] { parts.bytes(seq: seq, withDetections: false) }
        /// The message with its detections, written anew on each call; nil when they were not taken.
        public var bytesWithDetections: [UInt8]? {
            parts.detections == nil ? nil : parts.bytes(seq: seq, withDetections: true)
        }
    }

    /// An encoder that has seen no screen.
    public init() {}

    /// The messages encoded, in order, with their detections; the encoder then holds these screens.
    public mutating func encode(_ messages: [RecognitionMessage]) -> [[UInt8]] {
        encodeMarkingChanges(messages, withDetections: true).map { $0.bytesWithDetections! }
    }

    /// The messages encoded, in order, in both forms (the one with the detections only
    /// `withDetections`: comparing them is work wasted when nobody watches them), each with
    /// whether its screen changed; the encoder then holds these screens.
    public mutating func encodeMarkingChanges(_ messages: [RecognitionMessage], withDetections: Bool) -> [Encoded] {
        var next: [String: EncodedScreen] = [:]
        defer { screens = next }
        return messages.map { message in
            var screen = next[message.screen] ?? screens[message.screen] ?? EncodedScreen()
            let changes = screen.take(message, withDetections: withDetections)
            next[message.screen] = screen
            return Encoded(
                parts: screen.parts, seq: message.seq, changed: changes.withoutDetections,
                changedWithDetections: changes.withDetections)
        }
    }
}
