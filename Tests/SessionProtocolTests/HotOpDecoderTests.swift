import StrokeLog
import XCTest

@testable import SessionProtocol

/// ``HotOpDecoder`` reads exactly what `JSONDecoder` reads from the frames it takes, and leaves
/// every frame it might read differently to it.
final class HotOpDecoderTests: XCTestCase {
    /// Takes `frame` when `taken`; either way ``ClientMessage/decode(_:)`` answers as the general way does.
    private func check(_ frame: String, taken: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(frame.utf8)
        let hot = HotOpDecoder.decode(bytes)
        XCTAssertEqual(hot != nil, taken, frame, file: file, line: line)
        let general = Result { try ClientMessage.decodeParsing(bytes) }
        let answer = Result { try ClientMessage.decode(bytes) }
        switch (general, answer) {
        case (.success(let expected), .success(let got)):
            XCTAssertEqual(got, expected, frame, file: file, line: line)
            if case .op(_, .strokeAdded(let a)) = got, case .op(_, .strokeAdded(let b)) = expected {
                XCTAssertEqual(
                    a.points.map { [$0.x.sign, $0.y.sign] }, b.points.map { [$0.x.sign, $0.y.sign] }, "signs of zeros",
                    file: file, line: line)
            }
        case (.failure(let expected as WireError), .failure(let got as WireError)):
            XCTAssertEqual(got, expected, frame, file: file, line: line)
        default:
            XCTFail("\(frame): general \(general), decode \(answer)", file: file, line: line)
        }
    }

    func testThePlainHotOpsAreTakenAndEqualTheGeneralReading() {
        check(
            ##"{"type":"op","clientOpId":"c0-1:st:3","event":{"kind":"strokeAdded","stroke":{"color":"#1b1f24","id":"k0-1-3","points":[[10,60,0],[87.125,60.5,16],[87,114,33,0.5],[10,114]],"screen":"main","width":2}}}"##,
            taken: true)
        check(
            ##" { "event" : { "stroke" : { "points" : [ [ -1.5 , 2 ] ] , "width" : 2.75 , "screen" : "s2" , "id" : "a" , "color" : "#fff" } , "kind" : "strokeAdded" } , "clientOpId" : "x" , "type" : "op" } "##,
            taken: true)
        check(#"{"type":"op","clientOpId":"u:1","event":{"kind":"undo"}}"#, taken: true)
        check(#"{"type":"op","clientOpId":"r:1","event":{"kind":"redo"}}"#, taken: true)
        check(
            ##"{"type":"op","clientOpId":"d","event":{"kind":"strokeAdded","stroke":{"color":"#000","id":"d","points":[[33.099999999999994,0.30000000000000004,1764000000000.125],[0.0000001,123456789012345678901,9007199254740993]],"screen":"main","width":2}}}"##,
            taken: true)
        check(
            ##"{"type":"op","clientOpId":"e","event":{"kind":"strokeAdded","stroke":{"color":"#000","id":"e","points":[],"screen":"main","width":2}}}"##,
            taken: true)
        check(
            ##"{"type":"op","clientOpId":"z","event":{"kind":"strokeAdded","stroke":{"color":"#000","id":"z","points":[[0.5,-0.25,0,1]],"screen":"main","width":0}}}"##,
            taken: true)
    }

    func testEverythingElseIsLeftToTheGeneralReading() {
        let stroke = ##""stroke":{"color":"#000","id":"s","points":[[1,2]],"screen":"main","width":2}"##
        for frame in [
            #"{"type":"op","clientOpId":"c\u0031","event":{"kind":"undo"}}"#,  // an escape
            #"{"type":"op","clientOpId":"é","event":{"kind":"undo"}}"#,  // not ASCII
            #"{"type":"op","clientOpId":"a","clientOpId":"b","event":{"kind":"undo"}}"#,  // a key twice
            #"{"type":"op","clientOpId":"a","event":{"kind":"undo"},"extra":1}"#,  // an unknown key
            #"{"type":"op","clientOpId":"a","event":{"kind":"undo","stroke":{}}}"#,  // more than undo
            #"{"type":"op","clientOpId":"a","event":{"kind":"strokeAdded"}}"#,  // no stroke
            #"{"type":"op","clientOpId":"a","event":{"kind":"strokesErased","strokeIds":["s"]}}"#,  // another kind
            #"{"type":"op","clientOpId":7,"event":{"kind":"undo"}}"#,  // a number for a string
            #"{"type":"hello","protocol":1,"clientId":"a"}"#,  // another type
            #"{"type":"op","clientOpId":"a","event":{"kind":"undo"}} x"#,  // trailing bytes
            #"{"type":"op","clientOpId":"a","event":{"kind":"undo"}"#,  // cut short
            #"{"type":"op","clientOpId":"a","event":{"kind":"strokeAdded",\#(stroke.replacingOccurrences(of: "[[1,2]]", with: "[[1e2,2]]"))}}"#,
            #"{"type":"op","clientOpId":"a","event":{"kind":"strokeAdded",\#(stroke.replacingOccurrences(of: "[[1,2]]", with: "[[-0,2]]"))}}"#,
            #"{"type":"op","clientOpId":"a","event":{"kind":"strokeAdded",\#(stroke.replacingOccurrences(of: "[[1,2]]", with: "[[01,2]]"))}}"#,
            #"{"type":"op","clientOpId":"a","event":{"kind":"strokeAdded",\#(stroke.replacingOccurrences(of: "[[1,2]]", with: "[[1.,2]]"))}}"#,
            #"{"type":"op","clientOpId":"a","event":{"kind":"strokeAdded",\#(stroke.replacingOccurrences(of: "[[1,2]]", with: "[[NaN,2]]"))}}"#,
            #"{"type":"op","clientOpId":"a","event":{"kind":"strokeAdded",\#(stroke.replacingOccurrences(of: "[[1,2]]", with: "[[1,2,3,4,5]]"))}}"#,
            #"{"type":"op","clientOpId":"a","event":{"kind":"strokeAdded",\#(stroke.replacingOccurrences(of: "[[1,2]]", with: "[[1]]"))}}"#,
            #"{"type":"op","clientOpId":"a","event":{"kind":"strokeAdded",\#(stroke.replacingOccurrences(of: "[[1,2]]", with: "[[1234567890.1234567890123456789012345,2]]"))}}"#,
            #"{"type":"op","clientOpId":"a","event":{"kind":"strokeAdded",\#(stroke.replacingOccurrences(of: #""width":2"#, with: #""width":"2""#))}}"#,
            #"{"type":"op","clientOpId":"a","event":{"kind":"strokeAdded",\#(stroke.replacingOccurrences(of: #","screen":"main""#, with: ""))}}"#,
            #"{"type":"op","clientOpId":"a","event":{"kind":"strokeAdded",\#(stroke.replacingOccurrences(of: #""id":"s""#, with: #""id":"s","id":"t""#))}}"#,
        ] {
            check(frame, taken: false)
        }
    }

    /// 1 to 16 random digits, a point anywhere among them or none, maybe a minus.
    private static func randomDecimal(using generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 1...16, using: &generator)
        var digits = (0..<count).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
        let point = Int.random(in: 1...count, using: &generator)
        var integer = String(digits.prefix(point)).drop { $0 == "0" }
        if integer.isEmpty { integer = "0" }
        digits = point < count ? integer + "." + digits.dropFirst(point) : String(integer)
        return (Bool.random(using: &generator) ? "-" : "") + digits
    }

    func testRandomStrokesAreTakenAndEqualTheGeneralReading() {
        var generator = SeededGenerator(seed: 21)
        for number in 0..<600 {
            let points = (0..<Int.random(in: 1...50, using: &generator)).map { _ in
                (0..<Int.random(in: 2...4, using: &generator)).map { _ in
                    let value =
                        Double.random(in: -99_999...99_999, using: &generator)
                        / Double(Int.random(in: 1...1_000_000, using: &generator))
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: return "\(value)"
                    case 1: return String(format: "%.\(Int.random(in: 0...4, using: &generator))f", value)
                    default: return Self.randomDecimal(using: &generator)
                    }
                }
            }
            let list = points.map { "[" + $0.joined(separator: ",") + "]" }.joined(separator: ",")
            check(
                ##"{"type":"op","clientOpId":"c:\##(number)","event":{"kind":"strokeAdded","stroke":{"color":"#1f6feb","id":"s\##(number)","points":[\##(list)],"screen":"main","width":\##(Int.random(in: 1...9, using: &generator))}}}"##,
                taken: !points.joined().contains { ($0.hasPrefix("-") && Double($0) == 0) || $0.contains("e") })
        }
    }
}
