import SessionProtocol
import StrokeLog
import XCTest

/// `Admission` decides alone what enters a session: each refusal has its code and names the op;
/// what it admits is the log's canonical form, checked so the log does not check it again.
final class AdmissionTests: XCTestCase {
    private let admission = Admission()

    private func refusal(_ event: EventPayload, clientOpId: String = "c:1") -> WireError? {
        if case .failure(let error) = admission.admit(event, author: "c", clientOpId: clientOpId) { return error }
        return nil
    }

    private func stroke(points: Int, width: Double = 2, color: String = "#1F6FEB") -> EventPayload {
        .strokeAdded(
            Stroke(
                id: "c:s1", points: (0..<points).map { StrokePoint(x: Double($0) + 0.3, y: 10, t: Double($0)) },
                color: color, width: width))
    }

    func testOpsAreRefusedWithTheirCodeAndTheirOpId() {
        XCTAssertEqual(
            refusal(stroke(points: Stroke.maxPoints + 1))?.code, .tooManyPoints, "the log's limit, the one advertised")
        XCTAssertNil(refusal(stroke(points: Stroke.maxPoints)))
        XCTAssertEqual(refusal(stroke(points: 3), clientOpId: "bad op id!")?.code, .invalidIdentifier)
        XCTAssertEqual(refusal(.labelCorrected(strokeIDs: ["c:s1"], label: "zz-not-a-type"))?.code, .unknownLabel)
        XCTAssertEqual(refusal(stroke(points: 3, width: .nan))?.code, .invalidNumber)
        XCTAssertEqual(refusal(.strokesErased(strokeIDs: ["bad id!"]))?.code, .invalidIdentifier)
        XCTAssertEqual(refusal(.strokesMoved(strokeIDs: ["c:s1"], dx: 0, dy: 0))?.code, .invalidEvent)
        XCTAssertEqual(
            refusal(.textSet(strokeIDs: ["c:s1"], text: String(repeating: "x", count: 9_000)))?.code, .textTooLong)
        XCTAssertEqual(refusal(.labelCorrected(strokeIDs: ["c:s1"], label: "zz"))?.clientOpId, "c:1")
        XCTAssertEqual(refusal(.strokesErased(strokeIDs: []))?.clientOpId, "c:1")
    }

    func testAnAdmittedOpIsTheLogsCanonicalForm() throws {
        let event = stroke(points: 3, color: "#1F6FEB")
        guard case .success(let admitted) = admission.admit(event, author: "c", clientOpId: "c:1") else {
            return XCTFail("refused")
        }
        XCTAssertEqual(admitted.payload, try event.validated())
        XCTAssertEqual([admitted.author, admitted.clientOpID], ["c", "c:1"])
        XCTAssertTrue(admitted.isChecked, "the log will not check it again")
        guard case .strokeAdded(let stored) = admitted.payload else { return XCTFail("not a stroke") }
        XCTAssertEqual(stored.color, "#1f6feb")
        XCTAssertEqual(stored.points.first?.x, 0.25, "on the 1/8-point grid")
        XCTAssertEqual(try admitted.payload.validated(), admitted.payload)
    }

    func testInkAndPresence() {
        let ink = ClientMessage.InkUpdate(
            strokeId: "c:s9", screen: "main", points: [[1, 2, 0], [3, 4, 16, 0.5]], color: "#f00", width: 2)
        XCTAssertNil(admission.problem(with: ink))
        var bad = ink
        bad.points = Array(repeating: [1, 2], count: Admission.maxPointsPerStroke + 1)
        XCTAssertEqual(admission.problem(with: bad)?.code, .tooManyPoints)
        bad = ink
        bad.points = [[1]]
        XCTAssertEqual(admission.problem(with: bad)?.code, .invalidNumber)
        bad = ink
        bad.strokeId = "bad id!"
        XCTAssertEqual(admission.problem(with: bad)?.code, .invalidIdentifier)
        bad = ink
        bad.color = "red"
        XCTAssertEqual(admission.problem(with: bad)?.code, .invalidEvent)

        XCTAssertNil(admission.problem(with: .init(screen: "main", x: 1, y: 2)))
        XCTAssertEqual(admission.problem(with: .init(screen: "main", x: .infinity, y: 2))?.code, .invalidNumber)
        XCTAssertEqual(admission.problem(with: .init(screen: "main", x: 1, y: 1e9))?.code, .invalidNumber)
        XCTAssertEqual(admission.problem(with: .init(screen: "", x: 1, y: 2))?.code, .invalidIdentifier)
    }
}
