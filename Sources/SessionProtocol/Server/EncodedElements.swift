import SketchModel

/// A screen's elements last encoded, with the bytes of every element of every tree by id.
///
/// A new stroke changes one or two elements, but one of them is often a container that holds
/// the rest (a list whose row gained a box): writing each changed root again wrote the whole
/// screen. Here an element equal to the one of its id in the table keeps its bytes, at any
/// depth, so a changed list writes its own fields and reuses its unchanged rows. JSON is
/// written by composition, so an element's bytes are the same wherever it stands.
///
/// Only what is written anew goes into the table; what was reused is already there. Ids gone
/// from the screen are swept out every ``sweepInterval`` messages.
struct EncodedElements: Sendable {
    /// A class: the table holds one reference per element, not a copy of its value.
    private final class Encoded: Sendable {
        let element: Element
        let bytes: [UInt8]

        init(element: Element, bytes: [UInt8]) {
            self.element = element
            self.bytes = bytes
        }
    }

    /// How many messages pass between sweeps of the table.
    static let sweepInterval = 64

    /// Elements by id: every element of the last message, and some that left since the last sweep.
    private var byID: [String: Encoded] = [:]
    private var messagesSinceSweep = 0
    /// The roots last taken.
    private var roots: [Element] = []
    /// `[…]`.
    private(set) var bytes = Array("[]".utf8)

    /// Takes `fresh`; returns whether its bytes differ from the list's before.
    mutating func take(_ fresh: [Element]) -> Bool {
        if fresh.sharesStorage(with: roots) { return false }
        roots = fresh
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 512)
        out.append(UInt8(ascii: "["))
        for (index, root) in fresh.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += encoded(root)
        }
        out.append(UInt8(ascii: "]"))
        messagesSinceSweep += 1
        if messagesSinceSweep >= Self.sweepInterval { sweep(keeping: fresh) }
        guard out != bytes else { return false }
        bytes = out
        return true
    }

    /// `element`'s bytes, reused when the table holds it unchanged, else written and put there.
    private mutating func encoded(_ element: Element) -> [UInt8] {
        if let known = byID[element.id], known.element == element { return known.bytes }
        let bytes = ResultJSON.encode(element) { child in encoded(child) }
        byID[element.id] = Encoded(element: element, bytes: bytes)
        return bytes
    }

    /// Keeps only the entries of `roots` and their descendants.
    private mutating func sweep(keeping roots: [Element]) {
        var kept: [String: Encoded] = [:]
        kept.reserveCapacity(byID.count)
        func keep(_ element: Element) {
            kept[element.id] = byID[element.id]
            element.children.forEach(keep)
        }
        roots.forEach(keep)
        byID = kept
        messagesSinceSweep = 0
    }
}
