/// The single most likely alignment of a reading to the frames (Viterbi over CTC's blank-
/// separated labels), which says which frames wrote which character.
enum CTCAlignment {
    /// For each of `symbols`, the frames aligned to it (empty when `symbols` cannot be aligned).
    static func viterbi(symbols: [Int], frames: [[Float]]) -> [[Int]] {
        let labels = symbols.count * 2 + 1
        let count = frames.count
        var result = [[Int]](repeating: [], count: symbols.count)
        guard count > 0, !symbols.isEmpty else { return result }
        func label(_ j: Int) -> Int { j % 2 == 0 ? 0 : symbols[j / 2] }
        var score = [Float](repeating: -.infinity, count: labels)
        var back = [[Int32]](repeating: [Int32](repeating: -1, count: labels), count: count)
        score[0] = frames[0][0]
        if labels > 1 { score[1] = frames[0][label(1)] }
        for t in 1..<count {
            var next = [Float](repeating: -.infinity, count: labels)
            for j in 0..<labels {
                var best = score[j]
                var from = j
                if j >= 1, score[j - 1] > best {
                    best = score[j - 1]
                    from = j - 1
                }
                if j >= 2, j % 2 == 1, label(j) != label(j - 2), score[j - 2] > best {
                    best = score[j - 2]
                    from = j - 2
                }
                guard best > -.infinity else { continue }
                next[j] = best + frames[t][label(j)]
                back[t][j] = Int32(from)
            }
            score = next
        }
        var j = labels - 1
        if labels >= 2, score[labels - 2] > score[labels - 1] { j = labels - 2 }
        guard score[j] > -.infinity else { return result }
        for t in stride(from: count - 1, through: 0, by: -1) {
            if j % 2 == 1 { result[j / 2].append(t) }
            if t > 0 { j = Int(back[t][j]) }
        }
        return result
    }
}
