/// Names handed out in one namespace, each once: the member names of one screen view (its state
/// properties and action methods, in layout order, which is the drawing's reading order), or the
/// type names of a session (screens and list item types).
///
/// A member name comes from the words on the element (`"Email"` -> `emailField`, `"Sign in"` ->
/// `signInButtonTapped`) or, when it has none, from its type and order (`toggle1`, `toggle2`):
/// never from an element id, which means nothing to the developer who keeps the code. A name
/// that is already taken gets the next free number (`emailField2`).
struct UniqueNames: Sendable {
    private var used: Set<String>
    private var ordinals: [String: Int] = [:]

    /// A namespace where `reserved` are already taken.
    init(reserved: Set<String> = []) { used = reserved }

    /// The names of one screen view: what the generated SwiftUI view and Compose function declare
    /// themselves (properties and the locals a member could be shadowed by) are taken.
    static func members() -> UniqueNames {
        UniqueNames(reserved: [
            "body", "content", "dismiss", "item", "page", "index", "option", "options", "expanded", "innerPadding",
            "selectedTab", "it",
        ])
    }

    /// A name from `text`'s words plus `suffix` (not repeated when the words end with it:
    /// "Password field" -> `passwordField`), or `fallback` plus its next order number (then
    /// `fallbackSuffix`) when `text` has no words.
    mutating func name(words text: String?, suffix: String = "", fallback: String, fallbackSuffix: String = "")
        -> String
    {
        guard let text, !CodeIdentifier.words(text).isEmpty else { return ordinal(fallback, suffix: fallbackSuffix) }
        let base = CodeIdentifier.memberName(text, fallback: fallback)
        let endsWithSuffix = !suffix.isEmpty && base.lowercased().hasSuffix(suffix.lowercased())
        return claim(endsWithSuffix ? base : base + suffix)
    }

    /// `base1`, `base2`, ... (with `suffix` after the number): the next one not yet taken.
    mutating func ordinal(_ base: String, suffix: String = "") -> String {
        while true {
            let next = (ordinals[base] ?? 0) + 1
            ordinals[base] = next
            let name = base + String(next) + suffix
            if used.insert(name).inserted { return name }
        }
    }

    /// `preferred`, or `preferred2`, `preferred3`, ... when it is taken.
    mutating func claim(_ preferred: String) -> String {
        if used.insert(preferred).inserted { return preferred }
        var number = 2
        while !used.insert(preferred + String(number)).inserted { number += 1 }
        return preferred + String(number)
    }
}
