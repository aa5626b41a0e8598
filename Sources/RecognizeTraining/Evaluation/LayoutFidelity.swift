import Recognize
import SketchModel

/// Whether the layout keeps the drawing: for every recognised element matched to a truth element,
/// how well its ``Element/layoutFrame`` covers the drawn frame, and whether it keeps its horizontal
/// ``HorizontalPlacement`` (leading, centre or trailing in its parent, or the screen for roots;
/// an element drawn and placed across at least 80% of its parent is full width and keeps it).
public enum LayoutFidelity {
    /// One matched element.
    public struct Sample: Hashable, Sendable, Codable {
        /// IoU between the drawn (truth) frame and the layout frame.
        public var iou: Double
        /// Whether the layout frame has the drawn frame's horizontal alignment.
        public var keepsAlignment: Bool
        /// The element's type.
        public var type: ElementType
        /// Where it was drawn (the truth frame) and where the layout puts it.
        public var drawn: Rect
        public var placed: Rect

        /// Distance (points) between the drawn frame's centre and the layout frame's centre.
        public var centreOffset: Double {
            let dx = placed.midX - drawn.midX
            let dy = placed.midY - drawn.midY
            return (dx * dx + dy * dy).squareRoot()
        }
    }

    /// The samples of one screen: every truth element matched as ``ScreenEvaluator`` matches them.
    public static func samples(_ recognition: ScreenRecognition, against truth: SyntheticScreen) -> [Sample] {
        let (predicted, expected) = ScreenEvaluator.scoredElements(recognition, truth)
        let screen = Rect(x: 0, y: 0, width: recognition.screen.width, height: recognition.screen.height)
        let predictedParents = parents(
            recognition.elements, children: \.children, frame: { $0.layoutFrame ?? $0.frame }, id: \.id,
            skip: ScreenEvaluator.isRowWrapper)
        let truthParents = parents(truth.truth, children: \.children, frame: \.frame, id: \.key, skip: { _ in false })
        return ScreenEvaluator.matchedIndices(predicted, expected).map { match in
            let element = predicted[match.p]
            let want = expected[match.e]
            let placed = element.layoutFrame ?? element.frame
            let drawnAlignment = HorizontalPlacement(of: want.frame, in: truthParents[want.key] ?? screen)
            let placedAlignment = HorizontalPlacement(of: placed, in: predictedParents[element.id] ?? screen)
            let drawnParent = truthParents[want.key] ?? screen
            let placedParent = predictedParents[element.id] ?? screen
            let fullWidth = spansFullWidth(want.frame, in: drawnParent) && spansFullWidth(placed, in: placedParent)
            return Sample(
                iou: placed.iou(want.frame), keepsAlignment: fullWidth || drawnAlignment == placedAlignment,
                type: want.type, drawn: want.frame, placed: placed)
        }
    }

    /// Whether `frame` spans at least ``WidthRule/fullWidthShare`` of `parent`: a full-width
    /// element keeps its placement whichever edge its ink leans to (a paragraph's ragged right).
    static func spansFullWidth(_ frame: Rect, in parent: Rect) -> Bool {
        frame.width >= WidthRule.fullWidthShare * parent.width
    }

    /// Each descendant's id mapped to its nearest non-skipped ancestor's frame (roots are absent).
    static func parents<Node>(
        _ roots: [Node], children: (Node) -> [Node], frame: (Node) -> Rect, id: (Node) -> String, skip: (Node) -> Bool
    ) -> [String: Rect] {
        var result: [String: Rect] = [:]
        func walk(_ node: Node, parent: Rect?) {
            if let parent { result[id(node)] = parent }
            let next = skip(node) ? parent : frame(node)
            for child in children(node) { walk(child, parent: next) }
        }
        for root in roots { walk(root, parent: nil) }
        return result
    }
}
