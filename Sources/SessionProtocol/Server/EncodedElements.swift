import SketchModel

/// A screen's elements last encoded, with the bytes of every element of every tree by id.
///
/// A new stroke changes one or two elements, but one of them is often a container that holds
/// the rest (a list whose row gained a box): writing each changed root again wrote the whole
/// screen. Here an element equal to the one of its id in the last message keeps its bytes, at
/// any depth, so a changed list writes its own fields and reuses its unchanged rows. JSON is
/// written by composition, so an element's bytes are the same wherever it stands.
struct EncodedElements: Sendable {
    /// A class: carried from one message's table to the next by one reference, not copied.
    private final class Encoded: Sendable {
        let element: Element
        let bytes: [UInt8]

        init(element: Element, bytes: [UInt8]) {
            self.element = element
            self.bytes = bytes
        }
    }

    /// Every element of the last message, by id.
    private var byID: [String: Encoded] = [:]
    /// `[…]`.
    private(set) var bytes = Array("[]".utf8)

    /// Takes `fresh`; returns whether its bytes differ from the list's before.
    mutating func take(_ fresh: [Element]) -> Bool {
        var next: [String: Encoded] = [:]
        next.reserveCapacity(byID.count + 4)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 512)
        out.append(UInt8(ascii: "["))
        for (index, root) in fresh.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += encoded(root, into: &next)
        }
        out.append(UInt8(ascii: "]"))
        byID = next
        guard out != bytes else { return false }
        bytes = out
        return true
    }

    /// `element`'s bytes, reused when the last message held it unchanged; `next` gets it and
    /// every element under it.
    private func encoded(_ element: Element, into next: inout [String: Encoded]) -> [UInt8] {
        if let known = byID[element.id], known.element == element {
            carry(known, into: &next)
            return known.bytes
        }
        let bytes = ResultJSON.encode(element) { child in encoded(child, into: &next) }
        next[element.id] = Encoded(element: element, bytes: bytes)
        return bytes
    }

    /// Moves a reused element and its descendants' entries over to `next`.
    private func carry(_ known: Encoded, into next: inout [String: Encoded]) {
        next[known.element.id] = known
        for child in known.element.children {
            if let entry = byID[child.id] { carry(entry, into: &next) }
        }
    }
}
