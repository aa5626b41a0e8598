import SketchModel

/// What a navigation bar or tab bar keeps of the elements inside it.
enum BarItems {
    /// Seed-app rule: only the left-most item (a back button), the centre item (the title) and
    /// the right-most item (a trailing button) are kept; roles `leading`, `title`, `trailing`.
    static func navigation(_ items: [Part], in bar: Rect) -> [Part] {
        let sorted = items.sorted { ($0.frame.midX, $0.frame.minY) < ($1.frame.midX, $1.frame.minY) }
        var kept: [Part] = []
        if var leading = sorted.first, leading.frame.midX < bar.minX + bar.width / 3 {
            leading.element.role = "leading"
            kept.append(leading)
        }
        let centre = sorted.filter { abs($0.frame.midX - bar.midX) <= bar.width / 6 }
            .min { abs($0.frame.midX - bar.midX) < abs($1.frame.midX - bar.midX) }
        if var title = centre {
            title.element.role = "title"
            kept.append(title)
        }
        if var trailing = sorted.last, trailing.frame.midX > bar.maxX - bar.width / 3,
            trailing.element.id != kept.first?.element.id
        {
            trailing.element.role = "trailing"
            kept.append(trailing)
        }
        return kept
    }

    /// A tab bar keeps every item, left to right, with role `tab`.
    static func tabs(_ items: [Part]) -> [Part] {
        items.sorted { $0.frame.midX < $1.frame.midX }.map { item in
            var item = item
            item.element.role = "tab"
            return item
        }
    }
}
