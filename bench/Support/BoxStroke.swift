/// A closed box stroke (41 points) in cell `cell` of a 4 x 10 grid on the 390 x 844 screen: a
/// stroke the recognizer turns into an element, as a `strokeAdded` event.
public func boxStroke(id: String, cell: Int) -> [String: Any] {
    let x = 10 + Double(cell % 4) * 97.5, y = 60 + Double(cell / 4) * 74, width = 77.0, height = 54.0
    var points: [[Double]] = []
    var t = 0.0
    for (fromX, fromY, toX, toY) in [(x, y, x + width, y), (x + width, y, x + width, y + height), (x + width, y + height, x, y + height), (x, y + height, x, y)] {
        for step in 0..<10 {
            let f = Double(step) / 10
            points.append([fromX + (toX - fromX) * f, fromY + (toY - fromY) * f, t])
            t += 8
        }
    }
    points.append([x, y, t])
    return ["kind": "strokeAdded", "stroke": ["id": id, "points": points, "color": "#1b1f24", "width": 2, "screen": "main"] as [String: Any]]
}
