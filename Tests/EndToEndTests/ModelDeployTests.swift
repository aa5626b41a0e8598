import Foundation
import SessionProtocol
import WebSocketClient
import XCTest

/// `sketchd --model`: a team's retrained classifier is loaded and used; a damaged or missing one
/// stops the daemon before it listens, with the file and the fault named.
final class ModelDeployTests: XCTestCase {
    /// The shipped classifier in the repository, the bytes a retrained model file has the shape of.
    private static let shippedModel = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Recognize/Resources/stroke-classifier.skcl")

    private func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sketchd-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    func testADeployedModelRecognises() throws {
        let model = try scratch().appendingPathComponent("retrained.skcl")
        try FileManager.default.copyItem(at: Self.shippedModel, to: model)
        let daemon = try DaemonProcess(extraArguments: ["--model", model.path])
        let session = try daemon.newSession(title: "Deployed")
        let ana = try daemon.client("ana")
        try ana.join(session: session.session, token: session.edit)
        try requireRecognizer(ana)
        let ack = try ana.op("ana:1", SketchdClient.box(id: "ana:b1", x: 40, y: 120))
        let seq = try XCTUnwrap(ack.ack).seq
        let recognition = try ana.waitFor(\.recognition, timeout: 30) { $0.seq >= seq }
        XCTAssertFalse(recognition.elements.isEmpty, "the deployed model recognises the box")
    }

    func testADamagedOrMissingModelStopsTheDaemonBeforeItListens() throws {
        let folder = try scratch()
        var bytes = try Data(contentsOf: Self.shippedModel)
        bytes[bytes.count / 2] ^= 0xFF
        let damaged = folder.appendingPathComponent("damaged.skcl")
        try bytes.write(to: damaged)
        for (model, fault) in [
            (damaged.path, "checksum"), (folder.appendingPathComponent("absent.skcl").path, "cannot be read"),
        ] {
            let (status, message, printed) = try DaemonProcess.refusedStart(
                ["--data-dir", folder.appendingPathComponent("data").path, "--model", model])
            XCTAssertEqual(status, 1, message)
            XCTAssertTrue(message.contains(model) && message.contains(fault), message)
            XCTAssertFalse(printed.contains("listening"), "it never listened: \(printed)")
        }
    }
}
