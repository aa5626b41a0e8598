import Foundation
import SessionModel
import SketchModel

/// The `json` export: elements and layout per screen, the storyboard, and the SwiftUI files.
enum JSONExport {
    struct Document: Encodable {
        var format = "sketchd-elements"
        var version = 1
        var title: String?
        var seq: Int64
        var theme: Theme
        var screens: [ScreenRecognition]
        var storyboard: Storyboard
        var swiftui: [GeneratedFile]
    }

    /// ATHENA's storyboard graph: screens with stable view names, edges with their trigger.
    struct Storyboard: Encodable {
        struct Node: Encodable {
            var id: String
            var name: String
            var view: String
        }
        struct Edge: Encodable {
            var from: String
            var to: String
            var style: String
            var trigger: String
            var strokeId: String
        }
        var root: String
        var screens: [Node]
        var edges: [Edge]
    }

    static func file(_ recognition: SessionRecognition, name: String) throws -> ExportFile {
        let app = BlueprintBuilder.app(for: recognition)
        let typeNames = BlueprintBuilder.screenTypeNames(recognition.screens.map(\.screen))
        let storyboard = Storyboard(
            root: app.rootScreen,
            screens: recognition.screens.map {
                Storyboard.Node(id: $0.screen.id, name: $0.screen.name, view: typeNames[$0.screen.id] ?? "")
            },
            edges: recognition.links.map {
                Storyboard.Edge(
                    from: $0.fromScreen, to: $0.toScreen, style: $0.style, trigger: $0.fromElement,
                    strokeId: $0.strokeId)
            })
        let document = Document(
            title: recognition.title, seq: recognition.seq, theme: recognition.theme, screens: recognition.screens,
            storyboard: storyboard, swiftui: SwiftUIGenerator.files(for: app))
        return ExportFile(path: name + ".json", data: Array(try DeterministicJSON.encode(document)) + [0x0A])
    }
}

/// JSON with sorted keys, pretty printed, slashes unescaped: the same value always gives the same bytes.
enum DeterministicJSON {
    /// - Throws: ``ExportError/invalidNumber(_:)`` for NaN or infinite numbers.
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        do {
            return try CanonicalJSON.encode(value, .pretty)
        } catch let EncodingError.invalidValue(value, context) {
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            throw ExportError.invalidNumber("\(value) at \(path)")
        }
    }
}
