import SketchModel

extension Lists {
    /// A band of vertically overlapping parts, known by their indexes in the parts it was formed
    /// from; what the list rules compare (its signature, its columns) is worked out once.
    struct Row {
        /// Everything in the band, marks included, top left first.
        let members: [Int]
        let frame: Rect
        /// The row's elements: its members but ``RowMarks``, in band order.
        let elements: [Int]
        let marks: [Int]
        /// The extent of its elements.
        let elementFrame: Rect
        /// A band holding one horizontal line only (``Lists/isSeparator(_:)``).
        let isSeparator: Bool
        /// Its elements' frames left to right (ties in band order).
        let columns: [Rect]
        /// Element kinds left to right; pictures (icon, avatar, image) count as one kind, and so do
        /// on/off controls (toggle, checkbox), so one misread avatar or switch does not break a list.
        /// Pictures side by side are one picture: an avatar read as two pictograms, or with a stray
        /// mark inside it, is still the row's one picture. A card-sized picture counts as a card: a
        /// card whose content was read with its outline as one empty box is still one of the cards.
        let signature: [ElementType]

        init(members: [Int], frame: Rect, shapes: [PartShape]) {
            var elements: [Int] = []
            var marks: [Int] = []
            elements.reserveCapacity(members.count)
            for i in members {
                if RowMarks.isMark(i, among: members, shapes: shapes) { marks.append(i) } else { elements.append(i) }
            }
            var elementFrame: Rect?
            for i in elements { elementFrame = elementFrame?.union(shapes[i].frame) ?? shapes[i].frame }
            self.members = members
            self.frame = frame
            self.elements = elements
            self.marks = marks
            self.elementFrame = elementFrame ?? frame
            isSeparator = Lists.isSeparator(members, shapes: shapes)
            let frames = elements.map { shapes[$0].frame }
            let inOrder = !frames.indices.dropFirst().contains { frames[$0].minX < frames[$0 - 1].minX }
            columns = inOrder ? frames : frames.sorted { $0.minX < $1.minX }
            signature = Self.signature(of: elements, inOrder: inOrder, shapes: shapes)
        }

        /// `inOrder`: the elements stand left to right already (ties in band order).
        private static func signature(of elements: [Int], inOrder: Bool, shapes: [PartShape]) -> [ElementType] {
            let leftToRight =
                inOrder
                ? Array(elements.indices)
                : elements.indices.sorted {
                    (shapes[elements[$0]].frame.minX, $0) < (shapes[elements[$1]].frame.minX, $1)
                }
            var kinds: [ElementType] = []
            kinds.reserveCapacity(leftToRight.count)
            var previous: ElementType?
            for index in leftToRight {
                let part = shapes[elements[index]]
                let kind: ElementType =
                    switch part.type {
                    case .image where min(part.frame.width, part.frame.height) >= Lists.cardSide: .container
                    case .avatar, .image: .icon
                    case .checkbox: .toggle
                    default: part.type
                    }
                if kind != .icon || previous != .icon { kinds.append(kind) }
                previous = kind
            }
            return kinds
        }

        /// A band of marks only (a speck between two rows): skipped like a separator.
        var isBlank: Bool { elements.isEmpty }
        /// A separator or a blank band: no row of the list, but no end of it either.
        var isGap: Bool { isSeparator || isBlank }
    }
}
