import Foundation
import Recognize
import SketchModel
import StrokeLog
import XCTest

@testable import Exporter

/// What the web preview is given for each golden screen, byte for byte: the screen, its elements
/// with their `layoutFrame`, the blueprint preview and the theme, exactly as the `recognition`
/// message carries them. The browser test `test_preview_strings.py` renders these files in
/// Chromium and checks that the preview shows the strings of the golden SwiftUI beside them.
final class PreviewGoldenTests: XCTestCase {
    struct PreviewInput: Encodable {
        var screen: Screen
        var elements: [Element]
        var preview: [String: ElementPreview]
        var theme: Theme
    }

    func testPreviewInputsMatchGoldenFiles() throws {
        for fixture in Fixtures.all {
            let recognition = fixture.recognition
            let previews = BlueprintPreview.elements(for: recognition)
            let files = try recognition.screens.map { screen in
                let canvas = Rect(x: 0, y: 0, width: screen.screen.width, height: screen.screen.height)
                let input = PreviewInput(
                    screen: screen.screen,
                    elements: LayoutFrameResolver(screen: canvas).apply(screen.elements, layout: screen.layout),
                    preview: previews[screen.screen.id] ?? [:], theme: recognition.theme)
                return GeneratedFile(
                    path: "\(screen.screen.id).json",
                    text: String(decoding: try CanonicalJSON.encode(input, .pretty), as: UTF8.self) + "\n")
            }
            XCTAssertFalse(files.isEmpty)
            try Golden.check(files, set: "\(fixture.name)/preview")
        }
    }
}
