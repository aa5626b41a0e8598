import SketchModel

/// NOTATION's list: similar rows stacked vertically.
///
/// Rows are bands of elements that overlap vertically. Consecutive rows are similar when they
/// hold the same element types left to right, have similar heights and start at the same left
/// edge, or line up column by column. Specks and pieces of a drawing named apart from it
/// (``RowMarks``) are no row's elements: each goes back to its element, else to the list. Two rows
/// make a list when they read as list rows whoever drew them: cards, or a picture (icon, avatar)
/// or an on/off control (toggle, checkbox) beside other content. Other runs need
/// three rows, and, to keep a plain form (three text fields) from becoming a list, rows of two or
/// more elements each or lines between them. A single card stays a card.
enum Lists {
    static let minimumRows = 3
    /// How many list-like rows (``isListLike(_:)``) make a list.
    static let minimumListLikeRows = 2
    /// The least side (points) of a picture that counts as a card in a row's signature.
    static let cardSide = 100.0

    static func collect(_ parts: [Part], bands: ScreenBands) -> [Part] {
        let shapes = parts.map(PartShape.init)
        let isFixed = shapes.map { [.navigationBar, .tabBar, .list].contains($0.type) }
        let rows = Self.rows(of: parts.indices.filter { !isFixed[$0] }, shapes: shapes)
        var result = parts.indices.filter { isFixed[$0] }.map { parts[$0] }
        var index = 0
        while index < rows.count {
            if let run = run(startingAt: index, in: rows), let list = makeList(rows[run], of: parts) {
                result.append(list)
                index = run.upperBound
            } else {
                result.append(contentsOf: rows[index].members.map { parts[$0] })
                index += 1
            }
        }
        return result
    }

    /// A band holding one horizontal line only.
    static func isSeparator(_ parts: [Part]) -> Bool { parts.count == 1 && parts[0].isHorizontalLine }

    /// ``isSeparator(_:)`` of a band known by its members' indexes in `shapes`.
    static func isSeparator(_ members: [Int], shapes: [PartShape]) -> Bool {
        members.count == 1 && shapes[members[0]].isHorizontalLine
    }

    /// Bands of vertically overlapping parts (`candidates`, indexes of `shapes`), top to bottom.
    static func rows(of candidates: [Int], shapes: [PartShape]) -> [Row] {
        var bands: [(members: [Int], frame: Rect)] = []
        let order = candidates.sorted {
            (shapes[$0].frame.minY, shapes[$0].frame.minX, $0) < (shapes[$1].frame.minY, shapes[$1].frame.minX, $1)
        }
        for i in order {
            let shape = shapes[i]
            if let last = bands.indices.last, !isSeparator(bands[last].members, shapes: shapes),
                !shape.isHorizontalLine, bands[last].frame.verticalOverlap(shape.frame) >= 0.4
            {
                bands[last].members.append(i)
                bands[last].frame = bands[last].frame.union(shape.frame)
            } else {
                bands.append(([i], shape.frame))
            }
        }
        return bands.map { Row(members: $0.members, frame: $0.frame, shapes: shapes) }
    }

    /// Whether a row of this signature is a card, or a picture or on/off control beside other
    /// content: a row that only a list draws.
    static func isListLike(_ kinds: [ElementType]) -> Bool {
        kinds == [.container] || (kinds.count >= 2 && kinds.contains { $0 == .icon || $0 == .toggle })
    }

    /// The rows (indexes) of the longest run of similar content rows starting at `start`, if it
    /// makes a list.
    static func run(startingAt start: Int, in rows: [Row]) -> Range<Int>? {
        guard !rows[start].isGap else { return nil }
        let kinds = rows[start].signature
        var memberCount = 1
        var index = start + 1
        var end = start + 1
        while index < rows.count {
            if rows[index].isGap {
                index += 1
                continue
            }
            let aligned = isAligned(rows[start], rows[index])
            if aligned && (kinds == rows[index].signature || isMisreadAlike(kinds, rows[index].signature)) {
                memberCount += 1
                index += 1
                end = index
                continue
            }
            // One odd row (a misread picture, a split label) between similar rows is still a row.
            guard let next = rows[(index + 1)...].firstIndex(where: { !$0.isGap }), kinds == rows[next].signature,
                isAligned(rows[start], rows[next]), aligned
            else { break }
            memberCount += 1
            index += 1
        }
        let interior = rows[start..<end].reduce(0) { $0 + ($1.isSeparator ? 1 : 0) }
        guard memberCount >= (isListLike(kinds) ? minimumListLikeRows : minimumRows) else { return nil }
        let richRows = rows[start].elements.count >= 2 || kinds == [.container]
        guard richRows || interior >= memberCount - 1 else { return nil }
        return start..<end
    }

    /// Kinds the classifier confuses in a row: pictures (an avatar, an icon) and on/off controls.
    static let confusable: Set<ElementType> = [.icon, .toggle]

    /// Signatures of rows (aligned ones: the caller checks) of as many elements, two or more, that
    /// differ in one place only, where both hold a picture or an on/off control: one of them is a
    /// list row with its avatar or checkbox misread.
    static func isMisreadAlike(_ x: [ElementType], _ y: [ElementType]) -> Bool {
        guard x.count == y.count, x.count >= 2 else { return false }
        let differing = zip(x, y).filter { $0 != $1 }
        return differing.count == 1 && differing.allSatisfy { confusable.contains($0.0) && confusable.contains($0.1) }
    }

    /// How far (points) apart the left edges of two rows of one list may be.
    static let edgeSlack = 24.0

    /// Rows that start at the same left edge and are of similar height or line up column by column.
    static func isAligned(_ a: Row, _ b: Row) -> Bool {
        let (x, y) = (a.elementFrame, b.elementFrame)
        return abs(x.minX - y.minX) <= edgeSlack && (isSimilarHeight(x.height, y.height) || sharesColumns(a, b))
    }

    static func isSimilarHeight(_ a: Double, _ b: Double) -> Bool { b <= 2.2 * a && a <= 2.2 * b }

    /// Rows of as many elements, two or more, that start column by column at the same x, with one
    /// column at least of similar height: a picture drawn squashed does not make another kind of row.
    static func sharesColumns(_ a: Row, _ b: Row) -> Bool {
        let (x, y) = (a.columns, b.columns)
        guard x.count == y.count, x.count >= 2 else { return false }
        let pairs = zip(x, y)
        return pairs.allSatisfy { abs($0.minX - $1.minX) <= ListColumns.columnSlack }
            && pairs.contains { isSimilarHeight($0.height, $1.height) }
    }

    /// The list of `run` (rows of `parts`): each row's marks go back to their elements, else to
    /// the list with the separators between the rows.
    static func makeList(_ run: ArraySlice<Row>, of parts: [Part]) -> Part? {
        var rows = run.filter { !$0.isGap }.map { $0.elements.map { parts[$0] } }
        var absorbed = run.filter(\.isSeparator).flatMap { $0.members.map { parts[$0] } }
        for row in run where !row.isSeparator {
            for m in row.marks {
                guard let owner = RowMarks.owner(of: parts[m], in: rows) else {
                    absorbed.append(parts[m])
                    continue
                }
                rows[owner.row][owner.index] = rows[owner.row][owner.index].absorbing(parts[m])
            }
        }
        let content = ListColumns.conformed(rows)
        let rowParts: [Part] = content.map { row in
            if row.count == 1 {
                var only = row[0]
                only.element.role = Element.rowRole
                return only
            }
            var wrapper = ElementMaker.make(
                .container, own: [], children: row.sortedIfNeeded { $0.frame.minX < $1.frame.minX },
                confidence: Confidence.mean(row.map(\.element.confidence)), prefix: Element.rowWrapperPrefix)
            wrapper.element.role = Element.rowRole
            return wrapper
        }
        return ElementMaker.make(
            .list, own: [], children: rowParts, absorbed: absorbed,
            confidence: Confidence.composite(rowParts.map(\.element.confidence), rule: 0.95), prefix: "list-")
    }
}
