/// What a list's rows share column by column: a pictogram standing where the other rows hold
/// checkboxes (or pictograms, fewer of them sure than there are checkboxes) is a checkbox the
/// classifier misread (a validation drawing read as `play`, `envelope` or `camera`).
enum ListColumns {
    /// How far (points) apart two centres may be and still stand in one column.
    static let columnSlack = 16.0
    /// The largest side (points) of a pictogram that may be a misread checkbox.
    static let checkboxSide = 44.0

    /// `rows` (each a list row's parts) with their misread checkboxes retyped.
    static func conformed(_ rows: [[Part]]) -> [[Part]] {
        rows.enumerated().map { index, row in
            guard row.contains(where: mayBeMisreadCheckbox) else { return row }  // the usual row: nothing to gather
            var row = row
            let others = rows.enumerated().filter { $0.offset != index && !Lists.isSeparator($0.element) }.map(
                \.element)
            for (k, part) in row.enumerated() {
                guard let column = checkboxColumn(besides: part, in: others) else { continue }
                row[k].element.type = .checkbox
                row[k].element.symbol = nil
                row[k].element.isOn = true
                // The column vouches for it: a drawing the classifier could not name is kept.
                let vouched = Confidence.composite(column.map(\.element.confidence), rule: columnRule)
                row[k].element.confidence = max(part.element.confidence, vouched)
            }
            return row
        }
    }

    /// A small pictogram: what a misread checkbox looks like.
    static func mayBeMisreadCheckbox(_ part: Part) -> Bool {
        part.type == .icon && max(part.frame.width, part.frame.height) <= checkboxSide
    }

    /// How sure a retyped checkbox is, as a share of its column's checkboxes' confidence.
    static let columnRule = 0.8

    /// The checkboxes standing in `part`'s column, when `part` is a small pictogram, every other
    /// row holds a checkbox or a small pictogram there, and the checkboxes are at least as many as
    /// the pictograms the classifier is sure of (`part` among them); else nil. Two misread
    /// checkboxes in one column no longer hide each other.
    static func checkboxColumn(besides part: Part, in others: [[Part]]) -> [Part]? {
        guard mayBeMisreadCheckbox(part), !others.isEmpty else { return nil }
        var column: [Part] = []
        var pictograms = [part]
        for row in others {
            let standing = row.filter { abs($0.frame.midX - part.frame.midX) <= columnSlack }
            if let box = standing.first(where: { $0.type == .checkbox }) {
                column.append(box)
            } else if let pictogram = standing.first(where: mayBeMisreadCheckbox) {
                pictograms.append(pictogram)
            } else {
                return nil
            }
        }
        let sure = pictograms.filter { $0.element.confidence >= AtomRefiner.trustedConfidence }
        return !column.isEmpty && column.count >= sure.count ? column : nil
    }
}
