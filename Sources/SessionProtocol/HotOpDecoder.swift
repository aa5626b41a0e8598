import StrokeLog

/// Reads the frames clients send most, an `op` adding a stroke or undoing or redoing, straight
/// from the bytes, without Foundation's `JSONDecoder` (a fifth of the service thread's time with
/// 200 sessions). It takes only the plainest form of those frames: exactly the fields the op
/// needs, each once, strings without escapes, numbers without exponents; anything else (which
/// it may not read the way `JSONDecoder` does) is nil, and ``ClientMessage/decode(_:)`` reads
/// it the general way. Whatever it returns equals what the general way returns
/// (`HotOpDecoderTests` compares them).
enum HotOpDecoder {
    /// The op in `bytes`, or nil when the frame is not in the plain form this reads.
    static func decode(_ bytes: [UInt8]) -> ClientMessage? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(bytes: buffer)
            guard let fields = scanner.object(["type", "clientOpId", "event"]), scanner.atEnd,
                case .string("op") = fields["type"], case .string(let clientOpId) = fields["clientOpId"],
                case .object(let event) = fields["event"], let payload = payload(event)
            else { return nil }
            return .op(clientOpId: clientOpId, event: payload)
        }
    }

    private static func payload(_ event: [String: Value]) -> EventPayload? {
        guard case .string(let kind) = event["kind"] else { return nil }
        switch kind {
        case "undo" where event.count == 1: return .undo
        case "redo" where event.count == 1: return .redo
        case "strokeAdded" where event.count == 2:
            guard case .stroke(let stroke) = event["stroke"] else { return nil }
            return .strokeAdded(stroke)
        default: return nil
        }
    }

    /// What a field held: only the shapes this decoder reads.
    enum Value {
        case string(String)
        case object([String: Value])
        case stroke(Stroke)
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var atEnd: Bool {
            mutating get {
                skipSpace()
                return position == bytes.count
            }
        }

        /// An object with exactly some of `keys`, each at most once: the top level and the event
        /// (whose `stroke` is read as a stroke).
        mutating func object(_ keys: Set<String>) -> [String: Value]? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var fields: [String: Value] = [:]
            if take(UInt8(ascii: "}")) { return fields }
            repeat {
                guard let key = string(), keys.contains(key), fields[key] == nil, take(UInt8(ascii: ":")) else {
                    return nil
                }
                let value: Value?
                switch key {
                case "event": value = object(["kind", "stroke"]).map(Value.object)
                case "stroke": value = stroke().map(Value.stroke)
                default: value = string().map(Value.string)
                }
                guard let value else { return nil }
                fields[key] = value
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}")) ? fields : nil
        }

        /// `{"id", "points", "color", "width", "screen"}`, all of them, in any order.
        mutating func stroke() -> Stroke? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var id: String?
            var points: [StrokePoint]?
            var color: String?
            var width: Double?
            var screen: String?
            repeat {
                guard let key = string(), take(UInt8(ascii: ":")) else { return nil }
                switch key {
                case "id" where id == nil:
                    guard let value = string() else { return nil }
                    id = value
                case "color" where color == nil:
                    guard let value = string() else { return nil }
                    color = value
                case "screen" where screen == nil:
                    guard let value = string() else { return nil }
                    screen = value
                case "width" where width == nil:
                    guard let value = number() else { return nil }
                    width = value
                case "points" where points == nil:
                    guard let value = pointList() else { return nil }
                    points = value
                default: return nil
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")), let id, let points, let color, let width, let screen else { return nil }
            return Stroke(id: id, points: points, color: color, width: width, screen: screen)
        }

        /// `[[x, y], [x, y, t], [x, y, t, pressure], ...]`.
        mutating func pointList() -> [StrokePoint]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var points: [StrokePoint] = []
            if take(UInt8(ascii: "]")) { return points }
            repeat {
                guard take(UInt8(ascii: "[")) else { return nil }
                var numbers: [Double] = []
                repeat {
                    guard numbers.count < 4, let number = number() else { return nil }
                    numbers.append(number)
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "]")), numbers.count >= 2 else { return nil }
                points.append(
                    StrokePoint(
                        x: numbers[0], y: numbers[1], t: numbers.count > 2 ? numbers[2] : 0,
                        pressure: numbers.count > 3 ? StrokePoint.canonical(pressure: numbers[3]) : nil))
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? points : nil
        }

        /// A string of printable ASCII without escapes.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                guard (0x20..<0x7F).contains(bytes[position]), bytes[position] != UInt8(ascii: "\\") else { return nil }
                position += 1
            }
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }

        /// `-?(0|[1-9][0-9]*)(.[0-9]+)?` of at most 32 digits (a double's shortest form has 17;
        /// what a browser's `JSON.stringify` writes is read whole), rounded as `JSONDecoder`
        /// rounds it (correctly, through `strtod`); not a negative zero (which it may read as 0).
        mutating func number() -> Double? {
            skipSpace()
            let start = position
            let negative = take(UInt8(ascii: "-"), skippingSpace: false)
            let integerStart = position
            let integerDigits = digits()
            guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
            var fractionDigits = 0
            if take(UInt8(ascii: "."), skippingSpace: false) {
                fractionDigits = digits()
                guard fractionDigits > 0 else { return nil }
            }
            let digitCount = integerDigits + fractionDigits
            guard digitCount <= 32, position == bytes.count || !Self.isNumberByte(bytes[position]) else { return nil }
            let value =
                digitCount <= 15
                ? exactly(from: integerStart, fractionDigits: fractionDigits, negative: negative)
                : Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
            guard let value, !(negative && value == 0) else { return nil }
            return value
        }

        /// The number just read, of at most 15 digits, without `strtod`: its digits make an
        /// integer below 2^53 and 10^fractionDigits is exact, so one division rounds correctly,
        /// as `strtod` does (Clinger's fast path).
        private func exactly(from integerStart: Int, fractionDigits: Int, negative: Bool) -> Double {
            var mantissa: Int64 = 0
            for byte in bytes[integerStart..<position] where byte != UInt8(ascii: ".") {
                mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            let magnitude = Double(mantissa) / Self.powersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }

        private static let powersOfTen: [Double] = (0...15).map { exponent in
            (0..<exponent).reduce(1.0) { value, _ in value * 10 }
        }

        private mutating func digits() -> Int {
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                position += 1
            }
            return position - start
        }

        private static func isNumberByte(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || [
                    UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "."),
                    UInt8(ascii: "+"), UInt8(ascii: "-"),
                ].contains(byte)
        }

        /// Takes `byte` (after white space, unless told not to skip it) if it comes next.
        mutating func take(_ byte: UInt8, skippingSpace: Bool = true) -> Bool {
            if skippingSpace { skipSpace() }
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        private mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }
    }
}
