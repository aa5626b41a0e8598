import Foundation
import Recognize
import SessionProtocol
import StrokeLog

/// Valid inputs each fuzz target starts from, so mutations begin inside the format: every
/// event kind, canvas files with every point form, a small but complete model file, and every
/// client message of PROTOCOL.md, valid and invalid.
public enum SeedInputs {
    /// The seeds of `target`.
    public static func of(_ target: FuzzTarget) -> [[UInt8]] {
        switch target {
        case .eventCodec: events.map { $0.binaryEncoded() }
        case .canvasFile: canvases.map { Array($0.utf8) }
        case .modelFile: [ModelFile.encode(smallModel)]
        case .clientMessage: clientMessages.map(JSONWire.encode) + invalidFrames.map { Array($0.utf8) }
        }
    }

    private static let stroke = Stroke(
        id: "s1",
        points: [
            StrokePoint(x: 10, y: 20, t: 0, pressure: 0.5), StrokePoint(x: 14.125, y: 22, t: 16, pressure: 0.75),
            StrokePoint(x: 30, y: 21.5, t: 40),
        ],
        color: "#1f6feb", width: 2.5, screen: "main")

    private static let events: [EventPayload] = [
        .strokeAdded(stroke),
        .strokesErased(strokeIDs: ["s1", "s2"]),
        .undo,
        .redo,
        .labelCorrected(strokeIDs: ["s1"], label: "button"),
        .strokesMerged(strokeIDs: ["s1", "s2", "s3"]),
        .strokesSplit(strokeIDs: ["s4"]),
        .strokesIgnored(strokeIDs: ["s5"], ignored: true),
        .textSet(strokeIDs: ["s1"], text: "Log in ✓"),
        .screenAdded(Screen(id: "second", name: "Settings", width: 430, height: 932)),
        .screenRenamed(screenID: "main", name: "Login"),
        .metadataSet(
            MetadataChange(
                title: "Demo", trainingConsent: true,
                theme: Theme(accent: "#1f6feb", background: "#ffffff", cornerRadius: 12, typeScale: 1.25))),
        .metadataSet(MetadataChange(trainingConsent: false)),
        .recognitionRun(model: "stroke-classifier-2", sawSeq: 42),
        .strokesMoved(strokeIDs: ["s1", "s2"], dx: -12.5, dy: 40.125),
    ]

    /// One of each message a client sends, and an op for every event kind a client may send.
    private static let clientMessages: [ClientMessage] =
        [
            .hello(
                ClientMessage.Hello(
                    protocolVersion: 1, clientId: "c-7f3a", name: "Ana", color: "#1f6feb",
                    secret: "q3xS0b9dHkN2YwZpL7rT4vQe")),
            .hello(ClientMessage.Hello(protocolVersion: 1, clientId: "c-1")),
            .createSession(title: "Login flow", session: "s-0f3c9a1b2c4d5e6f0718293a4b5c6d7e"),
            .createSession(title: nil, session: nil),
            .join(ClientMessage.Join(session: "s-0f3c9a1b2c4d5e6f0718293a4b5c6d7e", token: "dG9rZW4", lastSeq: 812)),
            .ink(
                ClientMessage.InkUpdate(
                    strokeId: "c-7f3a:s17", screen: "main", points: [[10, 20, 0, 0.5], [12.5, 21]], color: "#1f6feb",
                    width: 2)),
            .presence(ClientMessage.PresenceUpdate(screen: "main", x: 120.5, y: 300)),
            .replay(toSeq: 400),
            .replay(toSeq: nil),
            .export(format: "swiftpm", toSeq: 400),
            .getCode,
            .shareLink(ShareLinkChange(action: .rotate, role: .view)),
            .shareLink(ShareLinkChange(action: .revoke, role: .edit)),
            .watchDetections(true),
            .watchDetections(false),
        ]
        + events.filter { $0.kind != .recognitionRun }.enumerated().map {
            .op(clientOpId: "c-7f3a:\($0.offset)", event: $0.element)
        }

    /// Frames the decoder or the admission refuses, one per row of PROTOCOL.md's error table
    /// that a single frame can reach.
    private static let invalidFrames = [
        "nope",
        #"{"type":"warp"}"#,
        #"{"type":"hello","protocol":"1","clientId":"c-1"}"#,
        #"{"type":"op","clientOpId":"c:1"}"#,
        #"{"type":"op","clientOpId":"c:1","event":{"kind":"fly"}}"#,
        #"{"type":"op","clientOpId":"c:1","event":{"kind":"recognitionRun","model":"m","sawSeq":1}}"#,
        #"{"type":"op","clientOpId":"c:1","event":{"kind":"textSet"}}"#,
        ##"{"type":"op","clientOpId":"c:1","event":{"kind":"strokeAdded","stroke":{"id":"s","points":[[1e999,1]],"color":"#000","width":2,"screen":"main"}}}"##,
        ##"{"type":"op","clientOpId":"c:1","event":{"kind":"strokeAdded","stroke":{"id":"s","points":[[NaN,1]],"color":"#000","width":2,"screen":"main"}}}"##,
        ##"{"type":"op","clientOpId":"c:1","event":{"kind":"strokeAdded","stroke":{"id":"s","points":[[1,2,3,0.5,9]],"color":"#000","width":2,"screen":"main"}}}"##,
        ##"{"type":"op","clientOpId":"c:1","event":{"kind":"strokeAdded","stroke":{"id":"s","points":[[200001,2]],"color":"#000","width":2,"screen":"main"}}}"##,
        #"{"type":"op","clientOpId":"c:1","event":{"kind":"labelCorrected","strokeIds":["s1"],"label":"zz-not-a-type"}}"#,
        #"{"type":"op","clientOpId":"c:1","event":{"kind":"strokesMoved","strokeIds":["s1"],"dx":0,"dy":0}}"#,
        #"{"type":"op","clientOpId":"c:1","event":{"kind":"screenRenamed","screenId":"main","name":""}}"#,
        #"{"type":"op","clientOpId":"c:1","event":{"kind":"metadataSet","title":""#
            + String(repeating: #"e\u0301"#, count: 90) + #""}}"#,
        #"{"type":"presence","screen":"main","x":-Infinity,"y":1}"#,
        #"{"type":"ink","strokeId":"s","screen":"main","points":"none"}"#,
        #"{"type":"join","session":"s-1","token":7}"#,
        #"{"type":"shareLink","action":"steal","role":"edit"}"#,
        #"{"type":"watchDetections","on":"yes"}"#,
        #"{"type":"export","toSeq":-1}"#,
    ]

    private static let canvases = [
        ##"{"canvas": {"width": 390, "height": 844}, "strokes": []}"##,
        ##"{"canvas": {"width": 390, "height": 844}, "strokes": [{"id": "s1", "points": [[10, 10], [100, 10]]}, {"id": "s2", "points": [[10, 50, 0], [100, 50, 16]], "color": "#1f6feb", "width": 2.5}]}"##,
        ##"{"canvas": {"width": 430, "height": 932}, "strokes": [{"id": "a.b:c-1", "points": [[0, 0, 0, 0.5], [429.875, 931.5, 120, 1]]}]}"##,
    ]

    private static var smallModel: MLPModel {
        let inputs = FeatureSpec.count
        let weights = (0..<(inputs * 2)).map { Float(($0 % 7) - 3) / 64 }
        return MLPModel(
            classes: [.square, .squiggle], featureMean: [Float](repeating: 0, count: inputs),
            featureScale: [Float](repeating: 1, count: inputs),
            layers: [DenseLayer(inputCount: inputs, outputCount: 2, weights: weights, bias: [0.25, -0.25])],
            temperature: 1.5, unknownThreshold: 0.4)
    }
}
