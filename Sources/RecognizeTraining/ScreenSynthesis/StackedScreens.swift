import SessionModel

extension ScreenSynthesizer {
    /// One tall, scrolling screen made of generated screens stacked top to bottom until it holds
    /// at least `elements` elements (counting children): the benchmark's input.
    public static func stacked(elements: Int, seed: UInt64, pool: DoodlePool = DoodlePool()) -> SyntheticScreen {
        var strokes: [Stroke] = []
        var truth: [TruthElement] = []
        var tags: [String: String] = [:]
        var index = 0
        let page = Screen.main.height
        while truth.flatMap(\.flattened).count < elements {
            let part = make(index: index, seed: seed, pool: pool)
            let offset = Double(index) * page
            let prefix = "p\(index)-"
            for stroke in part.strokes {
                var moved = stroke
                moved.id = prefix + stroke.id
                moved.points = stroke.points.map { StrokePoint(x: $0.x, y: $0.y + offset, t: $0.t + offset * 100) }
                strokes.append(moved)
                tags[moved.id] = part.strokeTags[stroke.id]
            }
            truth += part.truth.map { shifted($0, by: offset, prefix: prefix) }
            index += 1
        }
        let screen = Screen(id: Screen.mainID, name: "Stacked", width: Screen.main.width, height: page * Double(index))
        return SyntheticScreen(
            kind: "stacked", screen: screen, strokes: strokes, truth: truth, intendedLayout: "", strokeTags: tags,
            wholeTags: [:])
    }

    /// A short squiggle with a fresh id near the top of `screen`, its left end at `x`: "one more stroke".
    public static func extraStroke(_ n: Int, on screen: Screen, x: Double = 300) -> Stroke {
        let y = 12 + Double(n % 4) * 3
        let points = (0...12).map { k -> StrokePoint in
            let across: Double = x + Double(k) * 5
            return StrokePoint(x: across, y: y + (k % 2 == 0 ? 0 : 6), t: 9_000_000 + Double(n * 1000 + k * 8))
        }
        return Stroke(id: "extra\(n)", points: points, screen: screen.id)
    }

    private static func shifted(_ element: TruthElement, by offset: Double, prefix: String) -> TruthElement {
        var element = element
        element.key = prefix + element.key
        element.frame.y += offset
        element.children = element.children.map { shifted($0, by: offset, prefix: prefix) }
        return element
    }
}
