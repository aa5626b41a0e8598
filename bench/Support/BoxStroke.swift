import WebSocketClient

/// A closed box stroke (41 points) in cell `cell` of a 4 x 10 grid on the 390 x 844 screen: a
/// stroke the recognizer turns into an element, as a `strokeAdded` event.
public func boxStroke(id: String, cell: Int) -> [String: Any] {
    SketchdClient.box(id: id, x: 10 + Double(cell % 4) * 97.5, y: 60 + Double(cell / 4) * 74, width: 77, height: 54)
}
