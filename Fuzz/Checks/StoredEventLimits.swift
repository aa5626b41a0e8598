import Foundation
import SketchModel
import StrokeLog

/// The limits of PROTOCOL.md that every stored event keeps, checked on the outcome rather than
/// by running the validation again: point counts, coordinates on the 1/8-point grid within
/// range, ids, labels, and free text in NFC within its bytes and graphemes.
enum StoredEventLimits {
    static func require(_ event: EventPayload) throws(FuzzViolation) {
        switch event {
        case .strokeAdded(let stroke):
            guard (1...Stroke.maxPoints).contains(stroke.points.count) else {
                throw FuzzViolation("a stored stroke has \(stroke.points.count) points")
            }
            try requireIDs([stroke.id, stroke.screen])
            guard stroke.points.allSatisfy(isInRange), onGrid(stroke.width), stroke.width > 0,
                (try? HexColor.check(stroke.color)) != nil
            else {
                throw FuzzViolation("a stored stroke has a point, width or colour out of range")
            }
        case .strokesErased(let ids), .strokesMerged(let ids), .strokesSplit(let ids), .strokesIgnored(let ids, _):
            try requireIDs(ids)
        case .labelCorrected(let ids, let label):
            try requireIDs(ids)
            guard ElementType(rawValue: label) != nil else {
                throw FuzzViolation("label '\(label.prefix(40))' was admitted")
            }
        case .textSet(let ids, let text):
            try requireIDs(ids)
            try TextFit.require(text, TextLimit.elementText, "textSet text")
        case .screenAdded(let screen):
            try requireIDs([screen.id])
            try TextFit.require(screen.name, TextLimit.title, "screen name")
        case .screenRenamed(let id, let name):
            try requireIDs([id])
            try TextFit.require(name, TextLimit.title, "screen name")
        case .metadataSet(let change):
            if let title = change.title { try TextFit.require(title, TextLimit.title, "title") }
        case .strokesMoved(let ids, let dx, let dy):
            try requireIDs(ids)
            guard [dx, dy].allSatisfy({ onGrid($0) && abs($0) <= EventPayload.maxMoveDistance }), dx != 0 || dy != 0
            else {
                throw FuzzViolation("a stored move (\(dx), \(dy)) is off the grid or out of range")
            }
        case .undo, .redo, .recognitionRun:
            break
        }
    }

    private static func requireIDs(_ ids: [String]) throws(FuzzViolation) {
        guard (1...EventPayload.maxStrokeIDs).contains(ids.count), ids.allSatisfy(Identifier.isValid) else {
            throw FuzzViolation("a stored event names \(ids.count) ids, or an invalid one")
        }
    }

    private static func isInRange(_ point: StrokePoint) -> Bool {
        let limit = StrokePoint.coordinateLimit
        return abs(point.x) <= limit && abs(point.y) <= limit && onGrid(point.x) && onGrid(point.y)
            && point.t >= 0 && point.t <= StrokePoint.timeLimit && point.t == point.t.rounded()
            && (point.pressure.map { (0...1).contains($0) } ?? true)
    }

    private static func onGrid(_ value: Double) -> Bool { value.isFinite && (value * 8).rounded() == value * 8 }
}

/// Free text against a ``TextLimit``: in NFC, within its UTF-8 bytes and its graphemes.
enum TextFit {
    static func require(_ text: String, _ limit: TextLimit, _ what: String) throws(FuzzViolation) {
        let nfc = text.precomposedStringWithCanonicalMapping
        guard Array(nfc.utf8) == Array(text.utf8) else { throw FuzzViolation("\(what) is not stored in NFC") }
        guard text.utf8.count <= limit.maxBytes, text.count <= limit.maxGraphemes else {
            throw FuzzViolation(
                "\(what) of \(text.utf8.count) bytes and \(text.count) graphemes passed a limit of \(limit.maxBytes) and \(limit.maxGraphemes)"
            )
        }
    }
}
