import SessionModel
import SketchModel

/// The app packages Apple's tools open: `Name.swiftpm` and `Name.playground`.
enum AppPackages {
    /// `Name.swiftpm/`: Package.swift (AppleProductTypes' `.iOSApplication`), `MyApp.swift`,
    /// `Theme.swift`, one file per screen and the `.swift-format` configuration.
    static func swiftPM(_ recognition: SessionRecognition, name: String) -> [ExportFile] {
        let app = BlueprintBuilder.app(for: recognition)
        let root = name + ".swiftpm/"
        let sources = (SwiftUIGenerator.files(for: app) + [SwiftFormatConfiguration.file]).map {
            ExportFile(path: root + $0.path, text: $0.text)
        }
        return [ExportFile(path: root + "Package.swift", text: manifest(app, displayName: recognition.title ?? name))]
            + sources
    }

    static func manifest(_ app: AppBlueprint, displayName: String) -> String {
        let presets = [
            "Red": "red", "Orange": "orange", "Yellow": "yellow", "Green": "green", "Teal": "teal", "Blue": "blue",
            "Indigo": "indigo", "Purple": "purple", "Pink": "pink", "Brown": "brown",
        ]
        let accent = presets[app.theme.accent.paletteName] ?? "blue"
        let quotedName = StringLiteral.quoted(displayName)
        return """
            // swift-tools-version: 5.9
            import AppleProductTypes
            import PackageDescription

            // An app package for Swift Playgrounds and Xcode, exported from a sketchd session.
            let package = Package(
                name: \(quotedName),
                platforms: [
                    .iOS("16.0")
                ],
                products: [
                    .iOSApplication(
                        name: \(quotedName),
                        targets: ["AppModule"],
                        bundleIdentifier: "com.example.\(app.name.lowercased())",
                        teamIdentifier: "",
                        displayVersion: "1.0",
                        bundleVersion: "1",
                        appIcon: .placeholder(icon: .pencil),
                        accentColor: .presetColor(.\(accent)),
                        supportedDeviceFamilies: [
                            .pad,
                            .phone,
                        ],
                        supportedInterfaceOrientations: [
                            .portrait,
                            .landscapeRight,
                            .landscapeLeft,
                            .portraitUpsideDown(.when(deviceFamilies: [.pad])),
                        ]
                    )
                ],
                targets: [
                    .executableTarget(
                        name: "AppModule",
                        path: "."
                    )
                ]
            )

            """
    }

    /// `Name.playground/`: `Contents.swift` (every view in one page, shown as the live view)
    /// and `contents.xcplayground`.
    static func playground(_ recognition: SessionRecognition, name: String) -> [ExportFile] {
        let app = BlueprintBuilder.app(for: recognition)
        let root = name + ".playground/"
        return [
            ExportFile(path: root + "Contents.swift", text: contents(app)),
            ExportFile(
                path: root + "contents.xcplayground",
                text: """
                    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                    <playground version='5.0' target-platform='ios'>
                        <timeline fileName='timeline.xctimeline'/>
                    </playground>

                    """),
        ]
    }

    /// The playground page: the views and tokens without their `import` lines or `@main` app,
    /// then the live view of the root screen.
    static func contents(_ app: AppBlueprint) -> String {
        var text = "import SwiftUI\nimport PlaygroundSupport\n"
        for file in SwiftUIGenerator.files(for: app) where file.path != "MyApp.swift" {
            let body = file.text.split(separator: "\n", omittingEmptySubsequences: false).drop {
                $0 == "import SwiftUI" || $0.isEmpty
            }
            text += "\n// MARK: \(file.path)\n\n" + body.joined(separator: "\n")
        }
        text += "\nPlaygroundPage.current.setLiveView(\n    \(app.rootScreen)()\n        .tint(Theme.accent)\n)\n"
        return text
    }
}
