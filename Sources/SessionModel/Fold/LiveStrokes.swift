/// The live strokes of one screen in drawing order, as the fold keeps them: a stroke goes in when
/// it is added (or its add redone, or its erasers undone) and out when it stops being live.
///
/// Recognition asks for a screen's live strokes after every change; walking every stroke the
/// session ever had (undone and erased ones stay in the log) made that cost grow with the
/// session's history. The strokes sit in chunks of at most ``chunkLimit``, because the fold
/// changes a state the service thread still holds: a change copies one chunk and the list of
/// chunks, not every live stroke of the screen.
struct LiveStrokes: Hashable, Sendable {
    fileprivate struct Chunk: Equatable, Sendable {
        /// The seqs that added ``strokes``, ascending.
        var addSeqs: [Int64] = []
        /// The strokes as shown (moves applied), in the order of ``addSeqs``.
        var strokes: [Stroke] = []
    }

    /// The most strokes in one chunk; a fuller one is split in two halves.
    private static var chunkLimit: Int { 128 }
    /// Ascending by seq within and across chunks; no chunk is empty.
    private var chunks: [Chunk] = []

    var isEmpty: Bool { chunks.isEmpty }

    /// The strokes in the order they were added.
    var strokes: [Stroke] { chunks.count == 1 ? chunks[0].strokes : chunks.flatMap(\.strokes) }

    /// The seqs that added ``strokes``, in the same order.
    var addSeqs: [Int64] { chunks.flatMap(\.addSeqs) }

    /// Puts `stroke`, added at `addSeq`, in its place, or replaces the one there.
    mutating func set(_ stroke: Stroke, addedAt addSeq: Int64) {
        guard !chunks.isEmpty else {
            chunks = [Chunk(addSeqs: [addSeq], strokes: [stroke])]
            return
        }
        let key = (addSeq, stroke.id)
        let c = chunk(for: key)
        let index = chunks[c].place(of: key)
        if chunks[c].holds(key, at: index) {
            chunks[c].strokes[index] = stroke
            return
        }
        chunks[c].addSeqs.insert(addSeq, at: index)
        chunks[c].strokes.insert(stroke, at: index)
        if chunks[c].addSeqs.count > Self.chunkLimit {
            let half = chunks[c].addSeqs.count / 2
            let upper = Chunk(addSeqs: Array(chunks[c].addSeqs[half...]), strokes: Array(chunks[c].strokes[half...]))
            chunks[c].addSeqs.removeSubrange(half...)
            chunks[c].strokes.removeSubrange(half...)
            chunks.insert(upper, at: c + 1)
        }
    }

    /// Equal when they hold the same strokes, however the history chunked them.
    static func == (a: LiveStrokes, b: LiveStrokes) -> Bool {
        a.chunks == b.chunks || (a.addSeqs == b.addSeqs && a.strokes == b.strokes)
    }

    func hash(into hasher: inout Hasher) {
        for chunk in chunks {
            for (seq, stroke) in zip(chunk.addSeqs, chunk.strokes) {
                hasher.combine(seq)
                hasher.combine(stroke)
            }
        }
    }

    /// Takes out the stroke `id` added at `addSeq`, if it is here.
    mutating func remove(_ id: String, addedAt addSeq: Int64) {
        guard !chunks.isEmpty else { return }
        let key = (addSeq, id)
        let c = chunk(for: key)
        let index = chunks[c].place(of: key)
        guard chunks[c].holds(key, at: index) else { return }
        chunks[c].addSeqs.remove(at: index)
        chunks[c].strokes.remove(at: index)
        if chunks[c].addSeqs.isEmpty { chunks.remove(at: c) }
    }

    /// The chunk that holds `key` or would: the last one whose first stroke is not after it
    /// (the first chunk for a stroke before them all).
    private func chunk(for key: (Int64, String)) -> Int {
        if chunks[chunks.count - 1].first <= key { return chunks.count - 1 }
        var low = 0
        var high = chunks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if chunks[middle].first <= key { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

extension LiveStrokes.Chunk {
    /// Its first stroke's seq and id (strokes are ordered by both, so even strokes of one seq,
    /// which only a damaged checkpoint could hold, have one order).
    var first: (Int64, String) { (addSeqs[0], strokes[0].id) }

    /// Whether the stroke at `index` is the one of `key`.
    func holds(_ key: (Int64, String), at index: Int) -> Bool {
        index < addSeqs.count && addSeqs[index] == key.0 && strokes[index].id == key.1
    }

    /// The first index whose stroke is not before `key`; the newest are looked at first.
    func place(of key: (Int64, String)) -> Int {
        if let last = addSeqs.indices.last, (addSeqs[last], strokes[last].id) < key { return addSeqs.count }
        var low = 0
        var high = addSeqs.count
        while low < high {
            let middle = (low + high) / 2
            if (addSeqs[middle], strokes[middle].id) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
