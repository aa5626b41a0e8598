import Recognize
import SketchModel
import StrokeLog
import XCTest

@testable import Exporter

/// One blueprint per result: its files and previews are the ones built on their own, and a file
/// whose blueprint part did not change is the one generated before, not generated again.
final class SessionBlueprintTests: XCTestCase {
    func testFilesAndPreviewsEqualThoseBuiltOnTheirOwn() {
        let cache = SwiftUIFileCache()
        for fixture in Fixtures.everyPath {
            let blueprint = SessionBlueprint(fixture.recognition)
            XCTAssertEqual(blueprint.swiftUIFiles(), SwiftUIGenerator.files(for: fixture.recognition), fixture.name)
            XCTAssertEqual(
                blueprint.swiftUIFiles(reusing: cache), SwiftUIGenerator.files(for: fixture.recognition), fixture.name)
            XCTAssertEqual(blueprint.previews, BlueprintPreview.elements(for: fixture.recognition), fixture.name)
        }
    }

    func testAnUnchangedBlueprintPartReusesItsFile() throws {
        let cache = SwiftUIFileCache()
        let before = SessionBlueprint(Fixtures.twoScreenFlow)
        let first = before.swiftUIFiles(reusing: cache)

        // The profile screen's toggle goes off: one screen's blueprint part changes.
        var recognition = Fixtures.twoScreenFlow
        let toggle = try XCTUnwrap(recognition.screens[1].elements.firstIndex { $0.type == .toggle })
        recognition.screens[1].elements[toggle].isOn = false
        let after = SessionBlueprint(recognition)
        XCTAssertEqual(after.app.screens[0], before.app.screens[0])
        XCTAssertNotEqual(after.app.screens[1], before.app.screens[1])

        // The unchanged parts are in the cache: asking for them must not generate anything.
        for part: SwiftUIFileCache.Part in [
            .screen(after.app.screens[0]), .screen(after.app.screens[2]),
            .app(name: after.app.name, rootScreen: after.app.rootScreen), .theme(after.app.theme),
        ] {
            let file = cache.file(for: part) {
                XCTFail("\(part) generated again")
                return GeneratedFile(path: "", text: "")
            }
            XCTAssertEqual(first.first { $0.path == file.path }, file)
        }
        var generated = false
        let changed = cache.file(for: .screen(after.app.screens[1])) {
            generated = true
            return SwiftUIScreenFile(after.app.screens[1]).file
        }
        XCTAssertTrue(generated, "the changed screen's file is generated")
        XCTAssertEqual(after.swiftUIFiles(reusing: cache), SwiftUIGenerator.files(for: recognition))
        XCTAssertNotEqual(changed, first.first { $0.path == changed.path })
    }
}
