@testable import SessionModel
@testable import StrokeLog

/// Generates random but valid operations from several authors against a live state.
struct RandomOperations {
    var generator: SeededGenerator
    let authors: [String]
    private var counter = 0

    init(seed: UInt64, authors: [String] = ["ana", "ben", "cleo"]) {
        generator = SeededGenerator(seed: seed)
        self.authors = authors
    }

    /// One valid operation for `state`, by a random author.
    mutating func next(for state: SessionState) -> PendingEvent {
        counter += 1
        let author = authors.randomElement(using: &generator)!
        let live = state.liveStrokes.map(\.id)
        let everAdded = state.strokes.keys.sorted()
        let roll = live.isEmpty ? 0 : Int.random(in: 0..<100, using: &generator)
        let payload: EventPayload
        switch roll {
        case 0..<35:
            payload = .strokeAdded(randomStroke(id: "\(author)-s\(counter)"))
        case 35..<45:
            payload = .strokesErased(strokeIDs: [live.randomElement(using: &generator)!])
        case 45..<62:
            payload = .undo
        case 62..<75:
            payload = .redo
        case 75..<82:
            payload = .labelCorrected(strokeIDs: [everAdded.randomElement(using: &generator)!], label: "button")
        case 82..<87:
            payload = .textSet(strokeIDs: [everAdded.randomElement(using: &generator)!], text: "Sign in \(counter)")
        case 87..<91:
            payload = .strokesIgnored(
                strokeIDs: [everAdded.randomElement(using: &generator)!], ignored: Bool.random(using: &generator))
        case 91..<95:
            payload = .metadataSet(MetadataChange(title: "Title \(counter)"))
        default:
            payload = .screenAdded(Screen(id: "screen\(counter % 3)", name: "Screen \(counter)"))
        }
        return PendingEvent(author: author, clientOpID: "\(author):\(counter)", payload: payload)
    }

    private mutating func randomStroke(id: String) -> Stroke {
        let count = Int.random(in: 1...12, using: &generator)
        var x = Double.random(in: 0...390, using: &generator)
        var y = Double.random(in: 0...844, using: &generator)
        var points: [StrokePoint] = []
        for i in 0..<count {
            x += Double.random(in: -20...20, using: &generator)
            y += Double.random(in: -20...20, using: &generator)
            points.append(StrokePoint(x: x, y: y, t: Double(i * 16), pressure: nil))
        }
        return Stroke(id: id, points: points, color: "#1f6feb", width: 2, screen: Screen.mainID)
    }
}
