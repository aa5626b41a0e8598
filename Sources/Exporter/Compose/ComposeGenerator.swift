import SketchModel

/// Generates Jetpack Compose (Kotlin, Material 3) files from the same blueprint as SwiftUI:
/// one file per screen, `Theme.kt` with the design tokens, `MainActivity.kt` with the
/// navigation graph. Drawn sheets open as pushed destinations on Android.
public enum ComposeGenerator {
    /// The files, sorted by path.
    public static func files(for recognition: SessionRecognition) -> [GeneratedFile] {
        let app = BlueprintBuilder.app(for: recognition)
        let package = "com.example." + app.name.lowercased()
        let screens = app.screens.map { ComposeScreenFile($0, package: package) }
        var callbacks: [String: [String]] = [:]
        for screen in screens { callbacks[screen.screen.typeName] = screen.callbacks }
        var files = screens.map { GeneratedFile(path: $0.screen.typeName + ".kt", text: $0.text) }
        files.append(ComposeSupportFiles.activity(app, package: package, callbacks: callbacks))
        files.append(ComposeSupportFiles.theme(app.theme, package: package))
        return files.sorted { $0.path < $1.path }
    }
}
