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
        let candidates = parts.filter { ![.navigationBar, .tabBar, .list].contains($0.type) }
        let fixed = parts.filter { [.navigationBar, .tabBar, .list].contains($0.type) }
        let rows = Self.rows(of: candidates)
        let signatures = rows.map(\.signature)
        var result = fixed
        var index = 0
        while index < rows.count {
            if let run = run(startingAt: index, in: rows, signatures: signatures), let list = makeList(run) {
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
        /// Everything in the band, marks included.
        var parts: [Part] { didSet { (elements, marks, elementFrame) = Self.split(parts, frame: frame) } }
        let frame: Rect
        /// The row's elements: its parts but ``RowMarks`` (kept in step with ``parts``: the list
        /// rules ask for them again and again).
        private(set) var elements: [Part]
        private(set) var marks: [Part]
        /// The extent of its elements.
        private(set) var elementFrame: Rect

        init(parts: [Part], frame: Rect) {
            self.parts = parts
            self.frame = frame
            (elements, marks, elementFrame) = Self.split(parts, frame: frame)
        }

        private static func split(_ parts: [Part], frame: Rect) -> (elements: [Part], marks: [Part], elementFrame: Rect) {
            var elements: [Part] = [], marks: [Part] = []
            for part in parts {
                if RowMarks.isMark(part, in: parts) { marks.append(part) } else { elements.append(part) }
            }
            return (elements, marks, Rect.union(elements.map(\.frame)) ?? frame)
        }

        var isSeparator: Bool { Lists.isSeparator(parts) }
        /// A band of marks only (a speck between two rows): skipped like a separator.
        var isBlank: Bool { elements.isEmpty }
        /// A separator or a blank band: no row of the list, but no end of it either.
        var isGap: Bool { isSeparator || isBlank }
        /// Element kinds left to right; pictures (icon, avatar, image) count as one kind, and so do
        /// on/off controls (toggle, checkbox), so one misread avatar or switch does not break a list.
        /// Pictures side by side are one picture: an avatar read as two pictograms, or with a stray
        /// mark inside it, is still the row's one picture. A card-sized picture counts as a card: a
        /// card whose content was read with its outline as one empty box is still one of the cards.
        var signature: [ElementType] {
            // Indexes, not parts, are sorted (a part is a large value); ties keep their order.
            let kinds = elements.indices.sorted { (elements[$0].frame.minX, $0) < (elements[$1].frame.minX, $1) }.map { index -> ElementType in
                let part = elements[index]
                return switch part.type {
                case .image where min(part.frame.width, part.frame.height) >= Lists.cardSide: .container
                case .avatar, .image: .icon
                case .checkbox: .toggle
                default: part.type
                }
            }
            return kinds.enumerated().filter { index, kind in index == 0 || kind != .icon || kinds[index - 1] != .icon }.map(\.element)
        }
    }

    /// A band holding one horizontal line only.
    static func isSeparator(_ parts: [Part]) -> Bool { parts.count == 1 && parts[0].isHorizontalLine }

    struct Run {
        var rows: [Row]
        var endIndex: Int
    }

    /// Bands of vertically overlapping parts, top to bottom.
    static func rows(of parts: [Part]) -> [Row] {
        var bands: [(parts: [Part], frame: Rect)] = []
        let tops = parts.map { ($0.frame.minY, $0.frame.minX) }
        for part in parts.indices.sorted(by: { (tops[$0].0, tops[$0].1, $0) < (tops[$1].0, tops[$1].1, $1) }).map({ parts[$0] }) {
            if let last = bands.last, !isSeparator(last.parts), !part.isHorizontalLine, last.frame.verticalOverlap(part.frame) >= 0.4 {
                bands[bands.count - 1].parts.append(part)
                bands[bands.count - 1].frame = last.frame.union(part.frame)
            } else {
                bands.append(([part], part.frame))
            }
        }
        return bands.map { Row(parts: $0.parts, frame: $0.frame) }
    }

    /// Whether a row of this signature is a card, or a picture or on/off control beside other
    /// content: a row that only a list draws.
    static func isListLike(_ kinds: [ElementType]) -> Bool {
        kinds == [.container] || (kinds.count >= 2 && kinds.contains { $0 == .icon || $0 == .toggle })
    }

    /// The longest run of similar content rows starting at `start`, if it makes a list;
    /// `signatures` are the rows' ``Row/signature``s, worked out once for every start.
    static func run(startingAt start: Int, in rows: [Row], signatures: [[ElementType]]) -> Run? {
        guard !rows[start].isGap else { return nil }
        let first = rows[start], kinds = signatures[start]
        var memberCount = 1
        var index = start + 1
        var end = start + 1
        while index < rows.count {
            if rows[index].isGap {
                index += 1
                continue
            }
            let aligned = isAligned(first, rows[index])
            if aligned && (kinds == signatures[index] || isMisreadAlike(kinds, signatures[index])) {
                memberCount += 1
                index += 1
                end = index
                continue
            }
            // One odd row (a misread picture, a split label) between similar rows is still a row.
            guard let next = rows[(index + 1)...].firstIndex(where: { !$0.isGap }), kinds == signatures[next],
                isAligned(first, rows[next]), aligned
            else { break }
            memberCount += 1
            index += 1
        }
        let interior = rows[start..<end].filter(\.isSeparator).count
        guard memberCount >= (isListLike(kinds) ? minimumListLikeRows : minimumRows) else { return nil }
        let richRows = first.elements.count >= 2 || kinds == [.container]
        guard richRows || interior >= memberCount - 1 else { return nil }
        return Run(rows: Array(rows[start..<end]), endIndex: end)
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
        let x = a.elements.sorted { $0.frame.minX < $1.frame.minX }, y = b.elements.sorted { $0.frame.minX < $1.frame.minX }
        guard x.count == y.count, x.count >= 2 else { return false }
        let pairs = zip(x, y)
        return pairs.allSatisfy { abs($0.frame.minX - $1.frame.minX) <= ListColumns.columnSlack }
            && pairs.contains { isSimilarHeight($0.frame.height, $1.frame.height) }
    }

    static func makeList(_ run: Run) -> Part? {
        var rows = run.rows.filter { !$0.isGap }.map { Row(parts: $0.elements, frame: $0.elementFrame) }
        var absorbed = run.rows.filter(\.isSeparator).flatMap(\.parts)
        for mark in run.rows.filter({ !$0.isSeparator }).flatMap(\.marks) {
            guard let owner = RowMarks.owner(of: mark, in: rows) else {
                absorbed.append(mark)
                continue
            }
            rows[owner.row].parts[owner.index] = rows[owner.row].parts[owner.index].absorbing(mark)
        }
        let content = ListColumns.conformed(rows)
        let rowParts: [Part] = content.map { row in
            if row.parts.count == 1 {
                var only = row.parts[0]
                only.element.role = Element.rowRole
                return only
            }
            var wrapper = ElementMaker.make(
                .container, own: [], children: row.parts.sorted { $0.frame.minX < $1.frame.minX },
                confidence: Confidence.mean(row.parts.map(\.element.confidence)), prefix: Element.rowWrapperPrefix)
            wrapper.element.role = Element.rowRole
            return wrapper
        }
        return ElementMaker.make(
            .list, own: [], children: rowParts, absorbed: absorbed,
            confidence: Confidence.composite(rowParts.map(\.element.confidence), rule: 0.95), prefix: "list-")
    }
}
