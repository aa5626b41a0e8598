import SessionModel
import SketchModel

/// Finds the handwriting on a screen: runs of letter-sized strokes along one line, inside the
/// same box, that the reader reads as characters. Each becomes one text line; every other
/// stroke is left to the shape pipeline, so writing and squiggles mix on one screen.
struct TextFinder: Sendable {
    let reader: HandwritingReader
    /// Readings of lines by their strokes' fingerprints in drawing order (the reader cuts a word
    /// into runs of consecutive strokes: the same strokes drawn in another order read otherwise).
    let cache: AnswerCache<[UInt64], ReadText?>
    /// Each stroke group's ``outlineSides(of:)``, by the group's strokes.
    var groupOutlines = AnswerCache<GroupKey, [UInt64]>(capacity: 16_384)
    /// The lines of writing each run of letter-sized strokes along one line makes, by the run's
    /// strokes with their places in drawing order.
    var runLines = AnswerCache<[Ink], [Line]>(capacity: 16_384)

    /// A line of handwriting and what it says.
    struct Line: Sendable {
        let inks: [Ink]
        let reading: ReadText
        /// A short word read less surely than writing needs (``isShortWord(_:)``), or two letters
        /// read under ``sureTwoLetters``: writing only when the shape classifier sees no shape in
        /// its strokes (``ScreenPipeline``).
        var needsShapeCheck = false
        /// A common word of three letters (``isCommonWord(_:)``) written as small as a control
        /// (``Atom/isCramped(_:)``), read less surely than ``Atom/sureReading``: writing when the
        /// shape classifier sees no shape in it, never taken for cramped marks.
        var isCheckedWord = false
    }

    /// The tallest stroke (points) that can be part of a line of writing, and the widest (a word
    /// or more written in one stroke).
    static let letterHeight = 90.0
    static let letterWidth = 600.0
    /// Wider than this (points), a stroke is no printed letter: it is writing only when it is
    /// not a box's or a line's outline.
    static let letterWidthInPrint = 140.0
    /// The least confidence of a line of `letters` letters (two or more): two shapes side by side
    /// read as two letters far more often than three or more do (an avatar's head and shoulders
    /// as "to").
    static func minConfidence(letters: Int) -> Double { letters == 2 ? 0.75 : letters == 3 ? 0.5 : 0.3 }
    /// Below this, two letters read as writing are still checked for a shape
    /// (``Line/needsShapeCheck``): a switch, a checkbox or a plus reads as "To", "LT" or "to" at
    /// up to about 0.8; two written letters mostly read at 0.9 or more.
    static let sureTwoLetters = 0.85
    /// The least confidence of a common word of `letters` letters, two ("of", "to", "OK") or
    /// three ("the", "How"), that the classifier must confirm is no shape: short words read less
    /// surely than long ones. (A drop-down's fence and arrow read as "In" at up to 0.64.)
    static func minShortWordConfidence(letters: Int) -> Double { letters == 2 ? 0.65 : 0.35 }
    /// The least Zipf value (``WordFrequencies``) of such a word outside the UI lexicon: the
    /// most common words ("am" 5.8 to "of" 7.4, "the" 7.7). Pictograms read as rare ones ("oe",
    /// "ah").
    static let shortWordZipf: Float = 5.8
    /// The least confidence of a line with a long wave in it (``AtomRefiner/isLongWave(_:)``),
    /// which must read as words of the lexicon, three letters or more and no digits: a squiggle
    /// drawn for placeholder text reads as "mmmm", "www" or "1111" at times.
    static let minWaveConfidence = 0.6
    /// The least share of the network's readings such a line's reading must hold when its words
    /// are all short (``shortWaveWord`` letters at most) and it is not two words or more of three
    /// letters or more ("they were"): a squiggle reads as "www" as often as
    /// "mmm" or "wow", or as strings of one- and two-letter words; a short word reads as itself
    /// far more often than as anything else. (A long word has many near readings, so its share
    /// says less.)
    static let minWaveShare = 0.25
    static let shortWaveWord = 4
    /// The least confidence of a long reading (``guessLetters`` letters or more) taken as a
    /// guess below ``minConfidence(letters:)`` (``isLongGuess(_:_:)``): a real word read half
    /// right ("duaghter") says more than a placeholder.
    static let guessConfidence = 0.1
    static let guessLetters = 5

    /// The lines of writing among `inks`; `groups` is their grouping (``StrokeGrouper``), when the
    /// caller has it already.
    func lines(in inks: [Ink], groups: [StrokeGroup]? = nil) -> [Line] {
        let (holders, boxStrokes) = boxes(around: inks, groups: groups ?? StrokeGrouper().group(inks))
        let sized = inks.indices.filter { i in
            let f = inks[i].frame
            return !boxStrokes.contains(i) && f.height <= Self.letterHeight && f.width <= Self.letterWidth
                && !(f.width > Self.letterWidthInPrint && StrokeGrouper.isOutline(inks[i], of: f))
        }
        let sizedInks = sized.map { inks[$0] }
        let candidates = sized.filter { i in
            !inks[i].isDrawnBox && !Self.enclosesWriting(inks[i], among: sizedInks)
        }
        var sets = DisjointSets(count: inks.count)
        for (i, j) in Self.neighbourPairs(candidates.map { inks[$0].frame }, indexes: candidates)
        where holders[i] == holders[j] {
            sets.union(i, j)
        }
        Self.joinRunsAlongTheirLines(&sets, candidates: candidates, frames: inks.map(\.frame), holders: holders)
        var members: [Int: [Int]] = [:]
        for i in candidates { members[sets.find(i), default: []].append(i) }
        let runs = members.values.sorted { $0[0] < $1[0] }.map { indexes -> Run in
            let run = indexes.map { inks[$0] }.sorted { $0.order < $1.order }
            let read =
                indexes.count >= 2 || Self.mayBeAWord(inks[indexes[0]])
                ? runLines.answer(for: run) { lines(alongOneLine: run) } : []
            return Run(inks: run, frame: Rect.union(run.map(\.frame))!, holders: holders[indexes[0]], lines: read)
        }
        return joiningAdjacentRuns(runs).flatMap(\.lines)
    }

    /// `inks` (in drawing order) as one line of writing when they read as writing; nil otherwise.
    /// Strokes a person put together as one element are tried this way too.
    func writingLine(_ inks: [Ink]) -> Line? {
        guard let reading = read(inks) else { return nil }
        if isWriting(reading, inks) {
            let unsure = reading.letterCount == 2 && reading.confidence < Self.sureTwoLetters
            // Two letters read unsurely are a common word or nothing (a slider's knob and track read as "co").
            guard !unsure || isCommonWord(reading) else { return nil }
            let checkedWord =
                reading.letterCount == 3 && reading.confidence < Atom.sureReading && isCommonWord(reading)
                && Atom.isCramped(Rect.union(inks.map(\.frame))!)
            return Line(
                inks: inks, reading: reading, needsShapeCheck: unsure || checkedWord, isCheckedWord: checkedWord)
        }
        guard isShortWord(reading), !Self.mayBePlaceholder(inks) else { return nil }
        return Line(inks: inks, reading: reading, needsShapeCheck: true)
    }

    /// The lines of writing in `run`, letter-sized strokes along one line in drawing order: the
    /// whole run less the sides of a box around it, else its words each on its own.
    private func lines(alongOneLine run: [Ink]) -> [Line] {
        let line = Self.withoutRules(run)
        // A tall straight stroke across the line is a box's side or a tall letter's stem (the t of
        // "times"): the line is read both ways and the surer reading of writing wins.
        let tries = line.count == run.count ? [line] : [line, run]
        let readings = tries.compactMap { inks in
            inks.count >= 2 || (inks.count == 1 && Self.mayBeAWord(inks[0])) ? writingLine(inks) : nil
        }
        let best = readings.max(by: {
            ($0.needsShapeCheck ? 0 : 1, $0.reading.confidence) < ($1.needsShapeCheck ? 0 : 1, $1.reading.confidence)
        })
        if let best, !Self.isGuess(best.reading) { return [best] }
        // A line read only as a guess may still read surely word by word ("of" and a name).
        let words = wordsOnTheirOwn(line)
        let wordsRead =
            words.reduce(0) { $0 + $1.inks.count } == line.count && !words.contains { Self.isGuess($0.reading) }
        if let best, !wordsRead { return [best] }
        return words
    }

    /// Whether a reading of writing is only a guess (``isLongGuess(_:_:)``).
    static func isGuess(_ reading: ReadText) -> Bool {
        reading.letterCount >= 2 && !isWriting(reading)
    }

    /// The words of a line that does not read as writing as a whole (a box or a pictogram beside
    /// the words spoils it), each read on its own.
    private func wordsOnTheirOwn(_ line: [Ink]) -> [Line] {
        let words = LineGeometry(boxes: line.map(\.frame)).words
        guard words.count >= 2 else { return [] }
        return words.compactMap { word in writingLine(word.map { line[$0] }) }
    }

    /// The boxes drawn around other strokes: for every stroke, the boxes around it (each named
    /// by its first stroke's index), and every stroke that is part of such a box. A box is a
    /// stroke, or strokes drawn touching as one outline (a rectangle in four sides, one of them
    /// running along most of its width, which no letter of a word does), that holds
    /// two or more other strokes (or one word written in one go), half again as tall as the tallest of them, and wider than all
    /// of them but at most two and a half times as wide (a letter's stem that holds its own bar
    /// or a dot beside it is no box).
    func boxes(around inks: [Ink], groups: [StrokeGroup]) -> (holders: [[Int]], outlines: Set<Int>) {
        let frames = inks.map(\.frame)
        // The outline drawn in several strokes each stroke is part of (an index into `outlines`);
        // nil: the stroke is an outline on its own.
        var outlineOf = [Int?](repeating: nil, count: inks.count)
        var outlines: [[Int]] = []
        // Where each stroke is in `inks`, by its place in drawing order (worked out at the first outline).
        var indexOfOrder: [Int]?
        for group in groups where group.inks.count >= 2 {
            let outline = groupOutlines.answer(for: group.key) { Self.outlineSides(of: group) }
            guard !outline.isEmpty else { continue }
            let sides = group.inks.filter { outline.contains($0.fingerprint) }
            let byOrder =
                indexOfOrder
                ?? inks.indices.reduce(into: [Int](repeating: 0, count: (inks.map(\.order).max() ?? 0) + 1)) {
                    $0[inks[$1].order] = $1
                }
            indexOfOrder = byOrder
            let members = sides.map { byOrder[$0.order] }.sorted()
            for member in members { outlineOf[member] = outlines.count }
            outlines.append(members)
        }
        let byTop = FramesByTop(frames)
        var boxes: [(members: [Int], frame: Rect)] = []
        for first in inks.indices {
            let members = outlineOf[first].map { outlines[$0] }
            guard (members?[0] ?? first) == first else { continue }
            let frame = members.map { Rect.union($0.map { frames[$0] })! } ?? frames[first]
            guard max(frame.width, frame.height) >= StrokeGrouper.containerSize else { continue }
            let reach = HolderReach(frame)
            var heldCount = 0
            var contents = frame
            var tallest = 0.0
            var lastHeld = first
            // Strokes along the box's edge (a side drawn apart, a speck where the pen set down)
            // are more of its outline.
            var edges: [Int] = []
            for i in byTop.reaching(into: reach.bounds)
            where reach.holds(frames[i]) && !(members?.contains(i) ?? (i == first)) {
                if !StrokeGrouper.isContent(inks[i], of: frame)
                    || (RowMarks.isSpeck(frames[i]) && Self.isOnEdge(frames[i], of: frame))
                {
                    edges.append(i)
                    continue
                }
                contents = heldCount == 0 ? frames[i] : contents.union(frames[i])
                tallest = heldCount == 0 || tallest < frames[i].height ? frames[i].height : tallest
                heldCount += 1
                lastHeld = i
            }
            guard heldCount >= 2 || (heldCount == 1 && Self.mayBeAWord(inks[lastHeld])) else { continue }
            // A rectangle drawn as one needs less room around its words than a stroke that may
            // be a letter's bowl around a dot.
            let isRectangle = members != nil || inks[first].isDrawnBox
            if frame.height >= (isRectangle ? Self.rectangleHeadroom : Self.strokeHeadroom) * tallest,
                contents.width >= (isRectangle ? Self.rectangleFill : Self.strokeFill) * frame.width,
                frame.width >= 1.1 * contents.width
            {
                boxes.append(((members ?? [first]) + edges, frame))
            }
        }
        var holders = [[Int]](repeating: [], count: frames.count)
        for box in boxes {
            let reach = HolderReach(box.frame)
            for inner in byTop.reaching(into: reach.bounds)
            where reach.holds(frames[inner]) && !box.members.contains(inner) {
                holders[inner].append(box.members[0])
            }
        }
        // Specks on a box's edge are its outline gone over, not an i's dot.
        let specks =
            boxes.isEmpty
            ? []
            : inks.indices.filter { i in
                RowMarks.isSpeck(frames[i]) && boxes.contains { Self.isOnEdge(frames[i], of: $0.frame) }
            }
        return (holders, Set(boxes.flatMap(\.members) + specks))
    }

    /// How far (points) from a box's edge a speck's centre may lie and be on it.
    static let edgeSlack = 4.0

    /// Whether `speck`'s centre lies on `box`'s edge, within ``edgeSlack``.
    static func isOnEdge(_ speck: Rect, of box: Rect) -> Bool {
        let (x, y, slack) = (speck.midX, speck.midY, edgeSlack)
        let inX = x >= box.minX - slack && x <= box.maxX + slack
        let inY = y >= box.minY - slack && y <= box.maxY + slack
        let nearX = abs(x - box.minX) <= slack || abs(x - box.maxX) <= slack
        let nearY = abs(y - box.minY) <= slack || abs(y - box.maxY) <= slack
        return (inX && nearY) || (inY && nearX)
    }

    /// The fingerprints of the strokes of `group` that draw it as one outline (its sides, one of
    /// them running along most of its width, together as large as the group), or none when they
    /// draw no outline. A function of the group's strokes alone, so cached by them.
    static func outlineSides(of group: StrokeGroup) -> [UInt64] {
        let sides = group.inks.filter {
            StrokeGrouper.isOutline($0, of: group.frame) || StrokeGrouper.isSide($0.frame, of: group.frame)
                || isTracedSide($0, of: group.frame)
        }
        guard sides.count >= 2, let frame = Rect.union(sides.map(\.frame)),
            frame.width >= 0.9 * group.frame.width, frame.height >= 0.9 * group.frame.height,
            sides.contains(where: { $0.frame.width >= 0.7 * frame.width })
        else { return [] }
        return sides.map(\.fingerprint)
    }

    /// Whether `ink` traces part of `box`'s outline as a hand goes round a box in two or three
    /// strokes (a corner and two sides, or three sides, wobbling more than ``StrokeGrouper``'s
    /// outline allows): it spans most of the box one way, and seven in ten of its points lie
    /// within ``tracedSlack`` of its sides.
    static func isTracedSide(_ ink: Ink, of box: Rect) -> Bool {
        let f = ink.frame
        guard f.width >= 0.7 * box.width || f.height >= 0.7 * box.height else { return false }
        let slack = max(StrokeGrouper.outlineSlack, tracedSlack * min(box.width, box.height))
        let near = ink.points.filter { p in
            min(abs(p.x - box.minX), abs(box.maxX - p.x), abs(p.y - box.minY), abs(box.maxY - p.y)) <= slack
        }.count
        return 10 * near >= 7 * ink.points.count
    }

    /// How near a traced side runs to the box's edge, as a share of the box's smaller side.
    static let tracedSlack = 0.15

    /// The line less straight strokes over twice as tall as its letters that reach above and
    /// below all the rest of it: the sides of a box drawn around the words, not an l or the stem
    /// of a p.
    static func withoutRules(_ line: [Ink]) -> [Ink] {
        let height = LineGeometry.letterHeight(of: line.map(\.frame))
        return line.enumerated().filter { i, ink in
            guard ink.frame.height > 2.2 * height, ink.straightness > 0.8 else { return true }
            let rest = line.enumerated().filter { $0.offset != i }.map(\.element.frame)
            guard let top = rest.map(\.minY).min(), let bottom = rest.map(\.maxY).max() else { return true }
            return !(ink.frame.minY <= top && ink.frame.maxY >= bottom)
        }.map(\.element)
    }

    /// How much taller than the tallest stroke it holds (times) a box must be: a rectangle (drawn
    /// in sides, or in one closed stroke), or any other stroke around others.
    static let rectangleHeadroom = 1.25
    static let strokeHeadroom = 1.5
    /// How much of a box's width (times) what it holds must span: a rectangle may hold a short
    /// word ("in", "OK") in a wide button; any other stroke around others must be filled more (a
    /// letter's bowl or stem beside a dot is no box).
    static let rectangleFill = 0.25
    static let strokeFill = 0.4

    /// Whether `ink` is a closed stroke around others of `line` at least a third as tall as it
    /// (a box drawn around words, too flat for ``boxes(around:groups:)``): no letter or word
    /// written in one go closes on itself around letters.
    static func enclosesWriting(_ ink: Ink, among line: [Ink]) -> Bool {
        guard let first = ink.points.first, let last = ink.points.last else { return false }
        let f = ink.frame
        let gap = ((last.x - first.x) * (last.x - first.x) + (last.y - first.y) * (last.y - first.y)).squareRoot()
        guard gap <= 0.25 * max(f.width, f.height) else { return false }
        return line.contains { other in
            let o = other.frame
            return other.fingerprint != ink.fingerprint && o.height >= f.height / 3
                && o.minX >= f.minX - 2 && o.maxX <= f.maxX + 2 && o.minY >= f.minY - 2 && o.maxY <= f.maxY + 2
        }
    }

    /// Whether one stroke alone may be a word written in one go: seven tenths as wide as tall at
    /// least ("at", "on" joined up; "be", "of" with their ascenders), and not straight.
    static func mayBeAWord(_ ink: Ink) -> Bool {
        ink.frame.width >= 0.7 * ink.frame.height && ink.frame.width >= 16 && ink.straightness < 0.8
    }

    /// Whether a reading is writing rather than shapes read as letters.
    static func isWriting(_ reading: ReadText) -> Bool {
        reading.letterCount >= 2 && reading.confidence >= minConfidence(letters: reading.letterCount)
    }

    /// Whether a reading that is not writing by ``isWriting(_:)`` is one common word of two or
    /// three letters (of the UI lexicon, or at ``shortWordZipf`` or more) read at
    /// ``minShortWordConfidence(letters:)`` or more.
    func isShortWord(_ reading: ReadText) -> Bool {
        (2...3).contains(reading.letterCount) && isCommonWord(reading)
            && reading.confidence >= Self.minShortWordConfidence(letters: reading.letterCount)
    }

    /// Whether a reading is one word, held to words, of the UI lexicon or at ``shortWordZipf``
    /// or more.
    func isCommonWord(_ reading: ReadText) -> Bool {
        reading.text.count == reading.letterCount && reading.evidence.fromWords
            && (reading.fromLexicon || reader.frequencies.zipf(of: reading.text) ?? 0 >= Self.shortWordZipf)
    }

    /// Whether `reading` of `line` is writing: a line with a long wave in it must also read as
    /// words of the lexicon, confidently.
    private func isWriting(_ reading: ReadText, _ line: [Ink]) -> Bool {
        guard Self.isWriting(reading) || Self.isLongGuess(reading, line) else { return false }
        guard Self.mayBePlaceholder(line) else { return true }
        let letters = reading.text.filter(\.isLetter).count
        let words = reading.text.split(separator: " ").map(\.count)
        let longestWord = words.max() ?? 0
        let wordy = words.count >= 2 && (words.min() ?? 0) >= 3
        return reading.evidence.fromWords && letters >= 3 && letters == reading.letterCount
            && reading.confidence >= Self.minWaveConfidence
            && (longestWord > Self.shortWaveWord || wordy || reading.evidence.share >= Self.minWaveShare)
    }

    /// Whether `reading` of `line` is a long word read unsurely (``guessConfidence``) whose
    /// letters fill the line's width, none wider than the line is tall: the reader finds fewer
    /// letters in a flat squiggle than its width holds (one per 1.2 to 4 heights).
    static func isLongGuess(_ reading: ReadText, _ line: [Ink]) -> Bool {
        guard reading.letterCount >= guessLetters, reading.confidence >= guessConfidence else { return false }
        let frame = Rect.union(line.map(\.frame))!
        return Double(reading.letterCount) * frame.height >= frame.width
    }

    /// Whether `line` may be a squiggle drawn for placeholder text: it holds a long wave
    /// (``AtomRefiner/isLongWave(_:)``) with no dot over it (an i's: "in" or "time" joined up
    /// waves as much as a squiggle does). Such a line must read as words surely
    /// (``isWriting(_:_:)``) to be writing.
    static func mayBePlaceholder(_ line: [Ink]) -> Bool {
        let waves = line.filter { AtomRefiner.isLongWave($0) }
        return !waves.isEmpty && !line.contains { mark in waves.contains { isDot(mark.frame, over: $0.frame) } }
    }

    /// Whether `speck` sits over `wave` as an i's dot does: a speck, or a mark a quarter of the
    /// wave's height at most, within its width, above its top or in its upper half, no higher
    /// than its height above it.
    static func isDot(_ speck: Rect, over wave: Rect) -> Bool {
        max(speck.width, speck.height) <= max(RowMarks.speckSide, 0.25 * wave.height) && speck.midX >= wave.minX
            && speck.midX <= wave.maxX && speck.midY <= wave.midY
            && speck.midY >= wave.minY - wave.height
    }

    /// How far below a stroke's bottom edge (points) another of its line can start: a dot 1.2
    /// letter heights over or under a letter at most (``sameLine(_:_:)``).
    static let lineReach = 1.2 * letterHeight

    /// The pairs `(i, j)`, `i < j`, of `indexes` (ascending, `frames` theirs) whose letter-sized
    /// frames are on one line (``sameLine(_:_:)``). Sorted by top edge (a screen is taller than
    /// wide), a stroke is compared only with those starting within ``lineReach`` of its bottom
    /// edge; the lines the pairs join are the same as comparing every pair (all pairs are
    /// compared when a frame is not finite).
    static func neighbourPairs(_ frames: [Rect], indexes: [Int]) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        guard frames.allSatisfy({ $0.minY.isFinite && $0.maxY.isFinite }) else {
            for a in frames.indices {
                for b in frames.indices[(a + 1)...] where sameLine(frames[a], frames[b]) {
                    pairs.append((indexes[a], indexes[b]))
                }
            }
            return pairs
        }
        let byTop = frames.indices.sorted { (frames[$0].minY, $0) < (frames[$1].minY, $1) }
        for (n, a) in byTop.enumerated() {
            let reach = frames[a].maxY + lineReach
            for b in byTop[(n + 1)...] {
                guard frames[b].minY <= reach else { break }
                let (first, second) = a < b ? (a, b) : (b, a)
                if sameLine(frames[first], frames[second]) { pairs.append((indexes[first], indexes[second])) }
            }
        }
        return pairs
    }

    /// Joins runs of `sets` (over `candidates`) that continue each other along one line
    /// (``continuesAlongLine(_:_:)``) inside the same boxes: a letter written high or low (a
    /// final t's stem and bar, a capital) may share no band with the stroke beside it, but does
    /// with the run's.
    static func joinRunsAlongTheirLines(_ sets: inout DisjointSets, candidates: [Int], frames: [Rect], holders: [[Int]])
    {
        var joined = true
        while joined {
            joined = false
            var runFrames: [Int: Rect] = [:]
            for i in candidates {
                let root = sets.find(i)
                runFrames[root] = runFrames[root].map { Rect.union([$0, frames[i]])! } ?? frames[i]
            }
            let runs = runFrames.keys.sorted { (runFrames[$0]!.minY, $0) < (runFrames[$1]!.minY, $1) }
            search: for (n, a) in runs.enumerated() {
                let fa = runFrames[a]!
                for b in runs[(n + 1)...] {
                    let fb = runFrames[b]!
                    guard fb.minY <= fa.maxY else { break }
                    if holders[a] == holders[b], continuesAlongLine(fa, fb) {
                        sets.union(a, b)
                        joined = true
                        break search
                    }
                }
            }
        }
        joinHighDots(&sets, candidates: candidates, frames: frames, holders: holders)
    }

    /// Joins each dot that is a run of its own to the run it sits over (``isHighDot(_:of:)``; a
    /// word written in one stroke too, never another speck), judged by the runs as they were
    /// before any dot joined (a dot never reaches further up through another).
    static func joinHighDots(_ sets: inout DisjointSets, candidates: [Int], frames: [Rect], holders: [[Int]]) {
        var runFrames: [Int: Rect] = [:]
        var runSizes: [Int: Int] = [:]
        for i in candidates {
            let root = sets.find(i)
            runFrames[root] = runFrames[root].map { Rect.union([$0, frames[i]])! } ?? frames[i]
            runSizes[root, default: 0] += 1
        }
        let runs = runFrames.keys.sorted()
        for dot in runs where runSizes[dot] == 1 {
            let below = runs.filter { run in
                run != dot && !RowMarks.isSpeck(runFrames[run]!) && holders[run] == holders[dot]
                    && isHighDot(runFrames[dot]!, of: runFrames[run]!)
            }
            if let nearest = below.min(by: { runFrames[$0]!.minY < runFrames[$1]!.minY }) { sets.union(dot, nearest) }
        }
    }

    /// Whether `dot` is a dot over `run` (a mark 0.3 of its height at most, or a speck, over its
    /// width give or take 0.3 of its height, above its middle): an i's dot set higher than
    /// ``sameLine(_:_:)`` reaches from its own stem, within twice the run's height above it.
    static func isHighDot(_ dot: Rect, of run: Rect) -> Bool {
        let slack = 0.3 * run.height
        return max(dot.width, dot.height) <= max(RowMarks.speckSide, 0.3 * run.height) && dot.midY <= run.midY
            && dot.midX >= run.minX - slack && dot.midX <= run.maxX + slack && run.minY - dot.maxY <= 2 * run.height
    }

    /// Two runs of one line: most of the shorter one within the other's band, close beside it.
    static func continuesAlongLine(_ a: Rect, _ b: Rect) -> Bool {
        let overlap = max(0, min(a.maxY, b.maxY) - max(a.minY, b.minY))
        let gap = max(b.minX - a.maxX, a.minX - b.maxX)
        return overlap >= 0.6 * max(min(a.height, b.height), 2) && gap <= 0.6 * max(a.height, b.height)
    }

    /// Two strokes of one line: side by side on a shared band, a wide space apart at most; or a small
    /// mark over or on a letter (a bar no longer than a letter is tall, within 0.7 of its height;
    /// a dot, within 1.2: people dot an i high).
    static func sameLine(_ a: Rect, _ b: Rect) -> Bool {
        let h = max(a.height, b.height, 4)
        let overlap = max(0, min(a.maxY, b.maxY) - max(a.minY, b.minY))
        let gap = max(b.minX - a.maxX, a.minX - b.maxX)
        if overlap >= 0.4 * max(min(a.height, b.height), 2), gap <= 1.3 * h { return true }
        let (small, large) = a.height <= b.height ? (a, b) : (b, a)
        guard small.height <= 0.45 * large.height, small.width <= 1.2 * large.height else { return false }
        let besideX = small.maxX >= large.minX - 0.3 * large.height && small.minX <= large.maxX + 0.3 * large.height
        let verticalGap = max(small.minY - large.maxY, large.minY - small.maxY)
        let isDot = max(small.width, small.height) <= 0.3 * large.height
        return besideX && verticalGap <= (isDot ? 1.2 : 0.7) * large.height
    }

    /// The reading of `line`, or nil when it reads as nothing or, for certain, as no writing.
    private func read(_ line: [Ink]) -> ReadText? {
        let fingerprints = line.map(\.fingerprint)
        return cache.answer(for: fingerprints) { reader.read(line.map { $0.points.map { Point2($0.x, $0.y) } }) }
    }
}
