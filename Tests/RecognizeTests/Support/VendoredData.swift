import Foundation
import RecognizeTraining

/// The data vendored in the repository (`data/`), found from this file's path.
enum VendoredData {
    /// The repository's root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The vendored DoodleUINet drawings, decompressed, read once per test process.
    static func doodleText() throws -> String { try cached.get() }

    /// The DoodleUINet drawings a filter keeps, as a pool for synthetic screens.
    static func doodlePool(keep: (String) -> Bool) throws -> DoodlePool {
        try DoodlePool(ndjsonText: doodleText(), keep: keep)
    }

    private static let cached = Result { try DatasetFile.text(DatasetFile.vendoredDoodles(in: root)) }
}

extension VendoredData {
    /// The vendored Chars74k characters, read once per test process.
    static func glyphs() throws -> [GlyphSample] { try cachedGlyphs.get() }

    private static let cachedGlyphs = Result { try Chars74k.load(root.appendingPathComponent(Chars74k.vendored)) }
}
