import SketchModel

/// Generates the SwiftUI source files of a recognised session: one file per screen view, the
/// app entry point (`MyApp.swift`), the design tokens (`Theme.swift`) and helpers it needs.
///
/// Output is deterministic (same recognition, same bytes) and stable: names come from each
/// element's own text, type and id, so adding an element changes only the lines it needs.
public enum SwiftUIGenerator {
    /// The files, sorted by path.
    public static func files(for recognition: SessionRecognition) -> [GeneratedFile] {
        files(for: BlueprintBuilder.app(for: recognition))
    }

    /// The files of `app`; with a `cache`, only the files whose blueprint part it has not seen
    /// are generated.
    static func files(for app: AppBlueprint, reusing cache: SwiftUIFileCache? = nil) -> [GeneratedFile] {
        func file(_ part: SwiftUIFileCache.Part, _ generate: () -> GeneratedFile) -> GeneratedFile {
            cache?.file(for: part, generate: generate) ?? generate()
        }
        var files = app.screens.map { screen in file(.screen(screen)) { SwiftUIScreenFile(screen).file } }
        files.append(file(.app(name: app.name, rootScreen: app.rootScreen)) { SwiftUISupportFiles.app(app) })
        files.append(file(.theme(app.theme)) { SwiftUISupportFiles.theme(app.theme) })
        if app.usesCheckbox { files.append(SwiftUISupportFiles.checkboxStyle) }
        return files.sorted { $0.path < $1.path }
    }
}
