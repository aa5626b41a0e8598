import SketchModel

/// The SwiftUI files every export shares: the app entry point, the design tokens and helpers.
enum SwiftUISupportFiles {
    /// `MyApp.swift`: the `@main` app showing the root screen, tinted with the accent token.
    static func app(_ app: AppBlueprint) -> GeneratedFile {
        var w = CodeWriter(lineLimit: SwiftFormatConfiguration.lineLength)
        w.line("import SwiftUI")
        w.line("")
        w.line("@main")
        w.block("struct \(app.name)App: App {") { body in
            body.block("var body: some Scene {") { scene in
                scene.block("WindowGroup {") { window in
                    window.line("\(app.rootScreen)()")
                    window.indented { $0.line(".tint(Theme.accent)") }
                }
            }
        }
        return GeneratedFile(path: "MyApp.swift", text: w.text)
    }

    /// `Theme.swift`: the session theme and stroke colours as named tokens.
    static func theme(_ tokens: ThemeTokens) -> GeneratedFile {
        var w = CodeWriter(lineLimit: SwiftFormatConfiguration.lineLength)
        w.line("import SwiftUI")
        w.line("")
        w.line("/// Design tokens from the sketch session's theme; every view uses these.")
        w.block("enum Theme {") { t in
            t.line("static let accent = \(color(tokens.accent))")
            t.line("static let background = \(color(tokens.background))")
            t.line("static let cardBackground = Color.gray.opacity(0.12)")
            t.line("static let placeholder = Color.gray")
            t.line("static let cornerRadius: CGFloat = \(CodeNumber.format(tokens.cornerRadius))")
            t.line("static let cardShape = RoundedRectangle(cornerRadius: cornerRadius)")
            t.line("")
            for (style, font) in fonts(scale: tokens.typeScale) { t.line("static let \(style.rawValue) = \(font)") }
            if !tokens.inks.isEmpty {
                t.line("")
                t.line("// Stroke colours used in the sketch.")
                for ink in tokens.inks { t.line("static let \(ink.name) = \(color(ink.color))") }
            }
        }
        return GeneratedFile(path: "Theme.swift", text: w.text)
    }

    private static func color(_ c: RGBColor) -> String {
        "Color(red: \(RGBColor.fraction(c.red)), green: \(RGBColor.fraction(c.green)), blue: \(RGBColor.fraction(c.blue)))"
    }

    /// Text styles: the system's Dynamic Type styles at scale 1, scaled system sizes otherwise.
    private static func fonts(scale: Double) -> [(TextStyle, String)] {
        let sizes: [(TextStyle, Double, String?)] = [
            (.largeTitle, 34, "bold"), (.title, 28, "bold"), (.headline, 17, "semibold"), (.body, 17, nil),
            (.caption, 12, nil),
        ]
        return sizes.map { style, size, weight in
            if scale == 1 { return (style, "Font.\(style.rawValue)") }
            let weightArgument = weight.map { ", weight: .\($0)" } ?? ""
            return (
                style, "Font.system(size: \(CodeNumber.format((size * scale * 10).rounded() / 10))\(weightArgument))"
            )
        }
    }

    /// `CheckboxToggleStyle.swift`: iOS has no checkbox toggle style, so the export brings one.
    static let checkboxStyle = GeneratedFile(
        path: "CheckboxToggleStyle.swift",
        text: """
            import SwiftUI

            /// Draws a toggle as a checkbox: a square that shows a tick when on.
            struct CheckboxToggleStyle: ToggleStyle {
                func makeBody(configuration: Configuration) -> some View {
                    Button(action: { configuration.isOn.toggle() }) {
                        HStack(spacing: 8) {
                            Image(systemName: configuration.isOn ? "checkmark.square.fill" : "square")
                            configuration.label
                        }
                    }
                    .buttonStyle(.plain)
                    .accessibilityAddTraits(configuration.isOn ? .isSelected : [])
                }
            }

            """)
}
