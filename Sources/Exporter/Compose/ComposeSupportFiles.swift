import SketchModel

/// The Kotlin files every Compose export shares: the activity with the navigation graph, and
/// the design tokens.
enum ComposeSupportFiles {
    static let imports = [
        "import androidx.compose.foundation.background",
        "import androidx.compose.foundation.clickable",
        "import androidx.compose.foundation.layout.*",
        "import androidx.compose.foundation.lazy.LazyColumn",
        "import androidx.compose.foundation.lazy.itemsIndexed",
        "import androidx.compose.foundation.rememberScrollState",
        "import androidx.compose.foundation.shape.CircleShape",
        "import androidx.compose.foundation.shape.RoundedCornerShape",
        "import androidx.compose.foundation.verticalScroll",
        "import androidx.compose.material.icons.Icons",
        "import androidx.compose.material.icons.filled.*",
        "import androidx.compose.material3.*",
        "import androidx.compose.runtime.*",
        "import androidx.compose.ui.Alignment",
        "import androidx.compose.ui.Modifier",
        "import androidx.compose.ui.draw.clip",
        "import androidx.compose.ui.semantics.*",
        "import androidx.compose.ui.text.input.PasswordVisualTransformation",
        "import androidx.compose.ui.unit.dp",
    ]

    /// `MainActivity.kt`: the activity, the theme wrapper and a `NavHost` over the screens.
    static func activity(_ app: AppBlueprint, package: String, callbacks: [String: [String]]) -> GeneratedFile {
        var w = CodeWriter()
        w.line("package \(package)")
        w.line("")
        w.lines([
            "import android.os.Bundle", "import androidx.activity.ComponentActivity",
            "import androidx.activity.compose.setContent",
            "import androidx.compose.runtime.Composable", "import androidx.navigation.compose.NavHost",
            "import androidx.navigation.compose.composable", "import androidx.navigation.compose.rememberNavController",
        ])
        w.line("")
        w.block("class MainActivity : ComponentActivity() {") { c in
            c.block("override fun onCreate(savedInstanceState: Bundle?) {") { f in
                f.line("super.onCreate(savedInstanceState)")
                f.line("setContent { AppTheme { AppNavigation() } }")
            }
        }
        w.line("")
        w.line("/** The storyboard: one destination per screen, edges from the drawn links. */")
        w.line("@Composable")
        w.block("fun AppNavigation() {") { f in
            f.line("val navController = rememberNavController()")
            f.block(
                "NavHost(navController = navController, startDestination = \(StringLiteral.quoted(app.rootScreen, for: .kotlin))) {"
            ) { host in
                for screen in app.screens {
                    let arguments = (callbacks[screen.typeName] ?? []).map { name -> String in
                        name == "onBack"
                            ? "onBack = { navController.popBackStack() }"
                            : "\(name) = { navController.navigate(\(StringLiteral.quoted(String(name.dropFirst(6)), for: .kotlin))) }"
                    }
                    host.line(
                        "composable(\(StringLiteral.quoted(screen.typeName, for: .kotlin))) { \(screen.typeName)(\(arguments.joined(separator: ", "))) }"
                    )
                }
            }
        }
        return GeneratedFile(path: "MainActivity.kt", text: w.text)
    }

    /// `Theme.kt`: the design tokens and the Material theme built from them.
    static func theme(_ tokens: ThemeTokens, package: String) -> GeneratedFile {
        func color(_ c: RGBColor) -> String { "Color(0xFF\(c.hexDigits))" }
        var w = CodeWriter()
        w.line("package \(package)")
        w.line("")
        w.lines([
            "import androidx.compose.material.icons.Icons", "import androidx.compose.material.icons.filled.*",
            "import androidx.compose.material3.MaterialTheme", "import androidx.compose.material3.lightColorScheme",
            "import androidx.compose.runtime.Composable", "import androidx.compose.ui.graphics.Color",
            "import androidx.compose.ui.graphics.vector.ImageVector", "import androidx.compose.ui.unit.dp",
        ])
        w.line("")
        w.line("/** Design tokens from the sketch session's theme; every screen uses these. */")
        w.block("object Theme {") { t in
            t.line("val accent = \(color(tokens.accent))")
            t.line("val background = \(color(tokens.background))")
            t.line("val cardBackground = Color(0x1F808080)")
            t.line("val placeholder = Color(0xFF8E8E93)")
            t.line("val cornerRadius = \(CodeNumber.format(tokens.cornerRadius)).dp")
            t.line("const val typeScale = \(CodeNumber.format(tokens.typeScale))f")
            for ink in tokens.inks { t.line("val \(ink.name) = \(color(ink.color))") }
        }
        w.line("")
        w.line("@Composable")
        w.block("fun AppTheme(content: @Composable () -> Unit) {") { f in
            f.line(
                "MaterialTheme(colorScheme = lightColorScheme(primary = Theme.accent, background = Theme.background), content = content)"
            )
        }
        w.line("")
        w.line("/** The Material icon for an SF Symbol name stored in list rows. */")
        w.block("fun iconFor(symbol: String): ImageVector = when (symbol) {", close: ["}"]) { f in
            for symbol in ["house", "magnifyingglass", "person", "star", "gearshape", "bell", "heart", "envelope"] {
                f.line("\(StringLiteral.quoted(symbol, for: .kotlin)) -> \(ComposeIcons.reference(symbol))")
            }
            f.line("else -> Icons.Filled.Info")
        }
        return GeneratedFile(path: "Theme.kt", text: w.text)
    }
}
