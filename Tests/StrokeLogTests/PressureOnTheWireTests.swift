import Foundation
import StrokeLog
import XCTest

/// Pressure travels in JSON as a short decimal and comes back onto its 1/255 grid bit for bit.
final class PressureOnTheWireTests: XCTestCase {
    func testEveryStepTravelsInAtMostThreePlacesAndComesBackExactly() throws {
        for step in 0...255 {
            let point = try StrokePoint.canonical(x: 1, y: 2, t: 3, pressure: Double(step) / 255)
            let json = try CanonicalJSON.encode(point)
            let text = String(decoding: json, as: UTF8.self)
            let pressureText = text.dropFirst("[1,2,3,".count).dropLast()
            let places = pressureText.split(separator: ".").dropFirst().first?.count ?? 0
            XCTAssertLessThanOrEqual(places, 3, "step \(step) travels as \(text)")
            let back = try CanonicalJSON.decode(StrokePoint.self, from: json)
            XCTAssertEqual(back.pressure?.bitPattern, point.pressure?.bitPattern, "step \(step) came back as \(text)")
            XCTAssertEqual(back, point)
        }
    }

    func testKnownSteps() throws {
        let half = try StrokePoint.canonical(x: 0, y: 0, pressure: 0.5)
        XCTAssertEqual(String(decoding: try CanonicalJSON.encode(half), as: UTF8.self), "[0,0,0,0.5]")
        XCTAssertEqual(half.pressure, 128.0 / 255)
        let hundred = try StrokePoint.canonical(x: 0, y: 0, pressure: 100.0 / 255)
        XCTAssertEqual(String(decoding: try CanonicalJSON.encode(hundred), as: UTF8.self), "[0,0,0,0.392]")
    }

    func testAStrokeKeepsItsStateHashThroughJSON() throws {
        var generator = SystemRandomNumberGenerator()
        let points = try (0..<50).map { index in
            try StrokePoint.canonical(
                x: Double(index), y: Double(index * 2), t: Double(index * 8),
                pressure: Double.random(in: 0...1, using: &generator))
        }
        let stroke = try Stroke(id: "k1", points: points, color: "#1F6FEB", width: 2).validated()
        let travelled = try CanonicalJSON.decode(Stroke.self, from: try CanonicalJSON.encode(stroke))
        XCTAssertEqual(travelled, stroke)
        var before = SessionState()
        var after = SessionState()
        _ = before.apply(
            EventRecord(seq: 1, author: "a", clientOpID: "a:1", serverTime: 0, payload: .strokeAdded(stroke)))
        _ = after.apply(
            EventRecord(seq: 1, author: "a", clientOpID: "a:1", serverTime: 0, payload: .strokeAdded(travelled)))
        XCTAssertEqual(before.stateHash, after.stateHash)
    }
}
