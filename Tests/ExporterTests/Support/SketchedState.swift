import SketchModel
import StrokeLog

/// Session states whose strokes draw the fixtures' elements (each element's stroke is its frame's
/// outline), so image and dataset exports have real strokes to render.
enum SketchedState {
    /// The fold of: the extra screens, one stroke per element stroke id, and the metadata.
    static func state(
        for recognition: SessionRecognition, consent: Bool, corrections: [EventPayload] = [], extraStrokes: Int = 0
    ) -> SessionState {
        var payloads: [EventPayload] = []
        for screen in recognition.screens where screen.screen.id != Screen.mainID {
            payloads.append(.screenAdded(screen.screen))
        }
        if let main = recognition.screens.first(where: { $0.screen.id == Screen.mainID }) {
            payloads.append(.screenAdded(main.screen))
        }
        for screen in recognition.screens {
            for element in screen.allElements {
                for id in element.strokeIds {
                    payloads.append(
                        .strokeAdded(outline(id, frame: element.frame, screen: screen.screen.id, color: element.color)))
                }
            }
        }
        for index in 0..<extraStrokes {
            payloads.append(.strokeAdded(squiggle(index, screen: recognition.screens[0].screen)))
        }
        payloads += corrections
        payloads.append(
            .metadataSet(MetadataChange(title: recognition.title, trainingConsent: consent, theme: recognition.theme)))
        var state = SessionState()
        for (index, payload) in payloads.enumerated() {
            _ = state.apply(
                EventRecord(
                    seq: Int64(index + 1), author: "ana", clientOpID: "op\(index)", serverTime: 0, payload: payload))
        }
        return state
    }

    static func outline(_ id: String, frame: Rect, screen: String, color: String?) -> Stroke {
        let corners = [
            (frame.minX, frame.minY), (frame.maxX, frame.minY), (frame.maxX, frame.maxY), (frame.minX, frame.maxY),
            (frame.minX, frame.minY),
        ]
        let points = corners.enumerated().map { StrokePoint(x: $1.0, y: $1.1, t: Double($0 * 16)) }
        return Stroke(id: id, points: points, color: color ?? Stroke.defaultColor, width: 2, screen: screen)
    }

    /// A 40-point wavy line, placed by index, like a handwritten squiggle.
    static func squiggle(_ index: Int, screen: Screen) -> Stroke {
        let row = Double(index % 40)
        let column = Double(index / 40 % 5)
        var points: [StrokePoint] = []
        for i in 0..<40 {
            let x: Double = 10 + column * 75 + Double(i) * 1.5
            let y: Double = 20 + row * 20 + (i % 2 == 0 ? 0 : 4)
            points.append(StrokePoint(x: x, y: y, t: Double(i * 8)))
        }
        return Stroke(
            id: "sq\(index)", points: points, color: index % 3 == 0 ? "#1f6feb" : Stroke.defaultColor, width: 2.5,
            screen: screen.id)
    }
}
