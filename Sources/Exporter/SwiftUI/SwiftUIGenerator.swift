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

    static func files(for app: AppBlueprint) -> [GeneratedFile] {
        var files = app.screens.map { SwiftUIScreenFile($0).file }
        files.append(SwiftUISupportFiles.app(app))
        files.append(SwiftUISupportFiles.theme(app.theme))
        if app.usesCheckbox { files.append(SwiftUISupportFiles.checkboxStyle) }
        return files.sorted { $0.path < $1.path }
    }
}
