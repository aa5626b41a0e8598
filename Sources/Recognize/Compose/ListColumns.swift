/// What a list's rows share column by column: a pictogram standing where every other row holds a
/// checkbox is a checkbox the classifier misread (a validation drawing read as `play` or `camera`).
enum ListColumns {
    /// How far (points) apart two centres may be and still stand in one column.
    static let columnSlack = 16.0
    /// The largest side (points) of a pictogram that may be a misread checkbox.
    static let checkboxSide = 44.0

    /// `rows` with their misread checkboxes retyped.
    static func conformed(_ rows: [Lists.Row]) -> [Lists.Row] {
        rows.enumerated().map { index, row in
            var row = row
            let others = rows.enumerated().filter { $0.offset != index && !$0.element.isSeparator }.map(\.element)
            for (k, part) in row.parts.enumerated() where isMisreadCheckbox(part, besideColumnsOf: others) {
                row.parts[k].element.type = .checkbox
                row.parts[k].element.symbol = nil
                row.parts[k].element.isOn = true
            }
            return row
        }
    }

    /// A small pictogram where every other row holds a checkbox in its column.
    static func isMisreadCheckbox(_ part: Part, besideColumnsOf others: [Lists.Row]) -> Bool {
        guard part.type == .icon, max(part.frame.width, part.frame.height) <= checkboxSide, !others.isEmpty else { return false }
        return others.allSatisfy { row in
            row.parts.contains { $0.type == .checkbox && abs($0.frame.midX - part.frame.midX) <= columnSlack }
        }
    }
}
