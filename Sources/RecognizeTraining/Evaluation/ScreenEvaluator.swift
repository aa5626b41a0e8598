import Recognize
import SketchModel

/// Whole-screen evaluation: element F1 at IoU 0.5 with the correct type, and whether the
/// inferred stack tree matches the intended one.
public struct ScreenScore: Hashable, Sendable, Codable {
    /// Elements predicted, expected, and matched (same type, IoU at least 0.5).
    public var predicted: Int
    public var expected: Int
    public var matched: Int
    /// Whether the inferred tree over the root elements equals the intended one.
    public var layoutMatches: Bool
    /// Missed and spurious elements, for reading failures (`type@x,y`).
    public var missed: [String]
    public var spurious: [String]
    /// The same counts per element type (raw value).
    public var byType: [String: TypeTally] = [:]
}

/// Expected, predicted and matched elements of one type.
public struct TypeTally: Hashable, Sendable, Codable {
    public var expected = 0
    public var predicted = 0
    public var matched = 0

    /// Matched over expected (1 when none was expected).
    public var recall: Double { expected > 0 ? Double(matched) / Double(expected) : 1 }
    /// Matched over predicted (1 when none was predicted).
    public var precision: Double { predicted > 0 ? Double(matched) / Double(predicted) : 1 }

    static func + (a: TypeTally, b: TypeTally) -> TypeTally {
        TypeTally(
            expected: a.expected + b.expected, predicted: a.predicted + b.predicted, matched: a.matched + b.matched)
    }
}

/// Scores recognitions against synthetic ground truth.
public enum ScreenEvaluator {
    /// The least IoU for a match.
    public static let minimumIoU = 0.5

    /// Scores one screen.
    public static func score(_ recognition: ScreenRecognition, against truth: SyntheticScreen) -> ScreenScore {
        let (predicted, expected) = scoredElements(recognition, truth)
        let matches = matchedIndices(predicted, expected)
        let usedP = Set(matches.map(\.p))
        let usedE = Set(matches.map(\.e))
        let keyOfElement = Dictionary(
            matches.map { (predicted[$0.p].id, expected[$0.e].key) }, uniquingKeysWith: { first, _ in first })
        func describe(_ type: ElementType, _ r: Rect) -> String { "\(type.rawValue)@\(Int(r.minX)),\(Int(r.minY))" }
        let layout = StackInference.simplest(recognition.elements).map { renamed($0, keys: keyOfElement).signature }
        var byType: [String: TypeTally] = [:]
        for e in expected { byType[e.type.rawValue, default: TypeTally()].expected += 1 }
        for p in predicted { byType[p.type.rawValue, default: TypeTally()].predicted += 1 }
        for p in usedP { byType[predicted[p].type.rawValue, default: TypeTally()].matched += 1 }
        return ScreenScore(
            predicted: predicted.count, expected: expected.count, matched: usedP.count,
            layoutMatches: layout == truth.intendedLayout,
            missed: expected.indices.filter { !usedE.contains($0) }.map {
                describe(expected[$0].type, expected[$0].frame)
            },
            spurious: predicted.indices.filter { !usedP.contains($0) }.map {
                describe(predicted[$0].type, predicted[$0].frame)
            },
            byType: byType)
    }

    /// The recognised elements that are scored (row wrappers left out) and the truth, both flat.
    static func scoredElements(_ recognition: ScreenRecognition, _ truth: SyntheticScreen) -> (
        predicted: [Element], expected: [TruthElement]
    ) {
        (recognition.allElements.filter { !isRowWrapper($0) }, truth.truth.flatMap(\.flattened))
    }

    /// One-to-one matches of the same type at IoU of at least ``minimumIoU``, best IoU first.
    static func matchedIndices(_ predicted: [Element], _ expected: [TruthElement]) -> [(p: Int, e: Int)] {
        var pairs: [(iou: Double, p: Int, e: Int)] = []
        for (p, element) in predicted.enumerated() {
            for (e, want) in expected.enumerated() where want.type == element.type {
                let iou = element.frame.iou(want.frame)
                if iou >= minimumIoU { pairs.append((iou, p, e)) }
            }
        }
        var usedP = Set<Int>()
        var usedE = Set<Int>()
        var matches: [(p: Int, e: Int)] = []
        for pair in pairs.sorted(by: { ($0.iou, -$0.p, -$0.e) > ($1.iou, -$1.p, -$1.e) })
        where !usedP.contains(pair.p) && !usedE.contains(pair.e) {
            usedP.insert(pair.p)
            usedE.insert(pair.e)
            matches.append((pair.p, pair.e))
        }
        return matches
    }

    /// List rows made of several elements are wrapped in a stroke-less container; the truth lists
    /// the row's elements directly, so the wrapper is not scored.
    static func isRowWrapper(_ element: Element) -> Bool {
        element.isListRowWrapper
    }

    private static func renamed(_ tree: StackTree, keys: [String: String]) -> StackTree {
        switch tree {
        case .leaf(let id, let frame): .leaf(id: keys[id] ?? "?" + id, frame: frame)
        case .stack(let axis, let children): .stack(axis: axis, children: children.map { renamed($0, keys: keys) })
        }
    }
}

/// Totals over many screens.
public struct EvaluationSummary: Hashable, Sendable, Codable {
    public var screens: Int
    public var precision: Double
    public var recall: Double
    public var f1: Double
    public var layoutMatchRate: Double
    /// Counts per element type.
    public var byType: [String: TypeTally]
    /// Recall per element type as `matched/expected`.
    public var recallByType: [String: String]

    /// The types with at least `instances` expected elements whose recall is under `recall`.
    public func typesBelow(recall: Double, instances: Int) -> [String] {
        byType.filter { $0.value.expected >= instances && $0.value.recall < recall }.keys.sorted()
    }

    /// Sums `scores`.
    public init(_ scores: [ScreenScore]) {
        screens = scores.count
        let matched = Double(scores.map(\.matched).reduce(0, +))
        let predicted = Double(scores.map(\.predicted).reduce(0, +))
        let expected = Double(scores.map(\.expected).reduce(0, +))
        precision = predicted > 0 ? matched / predicted : 0
        recall = expected > 0 ? matched / expected : 0
        f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
        layoutMatchRate = scores.isEmpty ? 0 : Double(scores.filter(\.layoutMatches).count) / Double(scores.count)
        byType = scores.map(\.byType).reduce(into: [:]) { total, screen in total.merge(screen, uniquingKeysWith: +) }
        recallByType = byType.filter { $0.value.expected > 0 }.mapValues { "\($0.matched)/\($0.expected)" }
    }
}
