import StrokeLog

/// The binary event codec: any bytes either decode or are refused with a typed error; what
/// decodes encodes again to bytes that decode to the same payload, and that encoding is stable.
enum EventCodecCheck {
    static func check(_ bytes: [UInt8]) throws(FuzzViolation) {
        let payload: EventPayload
        do {
            payload = try EventPayload(binary: bytes)
        } catch is StrokeLogError {
            return
        } catch {
            throw FuzzViolation("untyped decode error: \(error)")
        }
        let encoded = payload.binaryEncoded()
        let again: EventPayload
        do {
            again = try EventPayload(binary: encoded)
        } catch {
            throw FuzzViolation("a decoded \(payload.kind) payload does not decode after encoding: \(error)")
        }
        guard again == payload else {
            throw FuzzViolation("\(payload.kind) payload changes in an encode-decode round trip")
        }
        guard again.binaryEncoded() == encoded else { throw FuzzViolation("\(payload.kind) encoding is not stable") }
        _ = try? payload.validated()
    }
}
