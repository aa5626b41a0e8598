import ArgumentParser
import RecognizeTraining
import StrokeLog

/// The screen `sketchctl bench-recognize` draws on, and its "one more stroke".
enum BenchScreen: String, ExpressibleByArgument, CaseIterable {
    /// Generated screens stacked until they hold `--elements` elements; the extra stroke a
    /// squiggle near the top.
    case stacked
    /// The sessions bench's screen (bench/sessions): 35 boxes of 77 x 54 pt, 4 to a row, each one
    /// stroke; the extra stroke a box in one of the 5 free cells after them.
    case boxes

    /// The screen and its strokes.
    func input(elements: Int, seed: UInt64, pool: @autoclosure () throws -> DoodlePool) rethrows -> (
        screen: Screen, strokes: [Stroke]
    ) {
        switch self {
        case .stacked:
            let stacked = ScreenSynthesizer.stacked(elements: elements, seed: seed, pool: try pool())
            return (stacked.screen, stacked.strokes)
        case .boxes:
            return (
                Screen(id: Screen.mainID, name: "Boxes", width: 390, height: 844),
                (0..<35).map { Self.box(id: "box\($0)", cell: $0) }
            )
        }
    }

    /// Extra stroke `n` (a fresh id each time), drawn at one of the places kept free for it
    /// (`place`: any number, taken modulo how many there are).
    func extraStroke(_ n: Int, on screen: Screen, place: Int) -> Stroke {
        switch self {
        case .stacked: ScreenSynthesizer.extraStroke(n, on: screen, x: place % 2 == 0 ? 300 : 200)
        case .boxes: Self.box(id: "extra\(n)", cell: 35 + place % 5)
        }
    }

    /// The sessions bench's box in `cell` (bench/Support/BoxStroke.swift): one closed stroke.
    private static func box(id: String, cell: Int) -> Stroke {
        let x = 10 + Double(cell % 4) * 97.5
        let y = 60 + Double(cell / 4) * 74
        let width = 77.0
        let height = 54.0
        let corners = [(x, y), (x + width, y), (x + width, y + height), (x, y + height), (x, y)]
        var points: [StrokePoint] = []
        for side in 0..<4 {
            let (from, to) = (corners[side], corners[side + 1])
            for step in 0..<10 {
                let f = Double(step) / 10
                points.append(
                    StrokePoint(
                        x: from.0 + (to.0 - from.0) * f, y: from.1 + (to.1 - from.1) * f, t: Double(points.count) * 8))
            }
        }
        points.append(StrokePoint(x: x, y: y, t: Double(points.count) * 8))
        return Stroke(id: id, points: points)
    }
}
