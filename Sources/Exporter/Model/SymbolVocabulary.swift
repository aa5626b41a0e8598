/// What drawn pictograms mean, in words: accessibility labels, tab titles and action names.
enum SymbolVocabulary {
    /// The spoken meaning of an SF Symbol name (`magnifyingglass` -> `Search`).
    static func meaning(of symbol: String) -> String {
        if let known = meanings[symbol] { return known }
        let base = symbol.split(separator: ".").first.map(String.init) ?? symbol
        let words = CodeIdentifier.words(base).map(CodeIdentifier.capitalized)
        return words.isEmpty ? "Icon" : words.joined(separator: " ")
    }

    /// Whether the symbol is a back arrow (a leading back button in a navigation bar).
    static func isBack(_ symbol: String?) -> Bool {
        symbol == "chevron.left" || symbol == "arrow.left"
    }

    private static let meanings: [String: String] = [
        "chevron.left": "Back", "arrow.left": "Back", "chevron.right": "Next", "arrow.right": "Next",
        "line.3.horizontal": "Menu", "plus": "Add", "magnifyingglass": "Search", "gearshape": "Settings",
        "square.and.arrow.up": "Share", "xmark": "Close", "play.fill": "Play", "star": "Favorite",
        "camera": "Camera", "envelope": "Mail", "house": "Home", "person": "Profile", "bell": "Notifications",
        "heart": "Like", "photo": "Photo", "ellipsis": "More", "trash": "Delete", "pencil": "Edit",
    ]
}

/// Placeholder text for labels drawn as squiggles (the seed app's lorem ipsum).
enum PlaceholderText {
    private static let words =
        "Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua"
        .split(separator: " ")

    /// About as many characters as fit `width` points of body text (at least two words).
    static func lorem(width: Double) -> String {
        let budget = max(11, Int(min(width.isFinite ? width : 0, 4000) / 8))
        var text = ""
        for word in words {
            let next = text.isEmpty ? String(word) : text + " " + word
            if next.count > budget, text.split(separator: " ").count >= 2 { break }
            text = next
        }
        return text
    }
}
