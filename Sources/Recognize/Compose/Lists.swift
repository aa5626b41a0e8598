/// NOTATION's list: three or more similar rows stacked vertically, or rows separated by
/// horizontal lines.
///
/// Rows are bands of elements that overlap vertically. Consecutive rows are similar when they
/// hold the same element types left to right, have similar heights and start at the same left
/// edge. To keep a plain form (three text fields) from becoming a list, a run of similar rows is
/// a list only when its rows hold two or more elements each, or are cards (containers), or are
/// separated by lines.
enum Lists {
    static let minimumRows = 3
    /// The least side (points) of a picture that counts as a card in a row's signature.
    static let cardSide = 100.0

    static func collect(_ parts: [Part], bands: ScreenBands) -> [Part] {
        let candidates = parts.filter { ![.navigationBar, .tabBar, .list].contains($0.type) }
        let fixed = parts.filter { [.navigationBar, .tabBar, .list].contains($0.type) }
        let rows = Self.rows(of: candidates)
        var result = fixed
        var index = 0
        while index < rows.count {
            if let run = run(startingAt: index, in: rows), let list = makeList(run) {
                result.append(list)
                index = run.endIndex
            } else {
                result.append(contentsOf: rows[index].parts)
                index += 1
            }
        }
        return result
    }

    struct Row {
        var parts: [Part]
        var frame: Rect
        var isSeparator: Bool { parts.count == 1 && parts[0].isHorizontalLine }
        /// Element kinds left to right; pictures (icon, avatar, image) count as one kind, and so do
        /// on/off controls (toggle, checkbox), so one misread avatar or switch does not break a list.
        /// A card-sized picture counts as a card: a card whose content was read with its outline
        /// as one empty box is still one of the cards.
        var signature: [ElementType] {
            parts.sorted { $0.frame.minX < $1.frame.minX }.map { part in
                switch part.type {
                case .image where min(part.frame.width, part.frame.height) >= Lists.cardSide: .container
                case .avatar, .image: .icon
                case .checkbox: .toggle
                default: part.type
                }
            }
        }
    }

    struct Run {
        var rows: [Row]
        var endIndex: Int
    }

    /// Bands of vertically overlapping parts, top to bottom.
    static func rows(of parts: [Part]) -> [Row] {
        var rows: [Row] = []
        for part in parts.sorted(by: { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }) {
            if var last = rows.last, !last.isSeparator, !part.isHorizontalLine, last.frame.verticalOverlap(part.frame) >= 0.4 {
                last.parts.append(part)
                last.frame = last.frame.union(part.frame)
                rows[rows.count - 1] = last
            } else {
                rows.append(Row(parts: [part], frame: part.frame))
            }
        }
        return rows
    }

    /// The longest run of similar content rows starting at `start`, if it makes a list.
    static func run(startingAt start: Int, in rows: [Row]) -> Run? {
        guard !rows[start].isSeparator else { return nil }
        let first = rows[start]
        var members = [first]
        var index = start + 1
        var end = start + 1
        while index < rows.count {
            if rows[index].isSeparator {
                index += 1
                continue
            }
            guard isSimilar(first, rows[index]) else { break }
            members.append(rows[index])
            index += 1
            end = index
        }
        let interior = rows[start..<end].filter(\.isSeparator).count
        guard members.count >= minimumRows else { return nil }
        let richRows = first.parts.count >= 2 || first.signature == [.container]
        guard richRows || interior >= members.count - 1 else { return nil }
        return Run(rows: Array(rows[start..<end]), endIndex: end)
    }

    static func isSimilar(_ a: Row, _ b: Row) -> Bool {
        a.signature == b.signature && b.frame.height <= 2.2 * a.frame.height && a.frame.height <= 2.2 * b.frame.height
            && abs(a.frame.minX - b.frame.minX) <= 24
    }

    static func makeList(_ run: Run) -> Part? {
        let content = run.rows.filter { !$0.isSeparator }
        let separators = run.rows.filter(\.isSeparator).flatMap(\.parts)
        let rowParts: [Part] = content.map { row in
            if row.parts.count == 1 {
                var only = row.parts[0]
                only.element.role = "row"
                return only
            }
            var wrapper = ElementMaker.make(
                .container, own: [], children: row.parts.sorted { $0.frame.minX < $1.frame.minX },
                confidence: Confidence.mean(row.parts.map(\.element.confidence)), prefix: "row-")
            wrapper.element.role = "row"
            return wrapper
        }
        return ElementMaker.make(
            .list, own: [], children: rowParts, absorbed: separators,
            confidence: Confidence.composite(rowParts.map(\.element.confidence), rule: 0.95), prefix: "list-")
    }
}
