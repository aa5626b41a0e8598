import Foundation
import StrokeLog

/// The canvas file reader: any bytes either parse into a valid canvas or are refused with a
/// typed error; a parsed canvas yields its strokes and screen without failing.
enum CanvasFileCheck {
    static func check(_ bytes: [UInt8]) throws(FuzzViolation) {
        let file: CanvasFile
        do {
            file = try CanvasFile.parse(Data(bytes))
        } catch is StrokeLogError {
            return
        } catch {
            throw FuzzViolation("untyped parse error: \(error)")
        }
        do {
            let strokes = try file.strokes(onScreen: Screen.mainID)
            guard strokes.count == file.strokes.count else { throw FuzzViolation("strokes were lost") }
            _ = try file.screen(id: Screen.mainID).validated()
        } catch let violation as FuzzViolation {
            throw violation
        } catch {
            throw FuzzViolation("a parsed canvas fails afterwards: \(error)")
        }
    }
}
