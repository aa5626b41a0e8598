import Recognize
import RecognizeTraining
import XCTest

final class CorrectionDatasetTests: XCTestCase {
    func testReadsSinglePrimitiveElementsAndSkipsComposites() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "corrections-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let screen = """
            {"canvas": {"width": 390, "height": 844},
             "strokes": [{"id": "s1", "points": [[10, 10], [200, 10, 5], [200, 100], [10, 100], [10, 10]]},
                         {"id": "s2", "points": [[10, 10], [200, 100]]},
                         {"id": "s3", "points": [[20, 300], [360, 302]]},
                         {"id": "s4", "points": [[30, 400], [40, 390], [30, 380]]}],
             "elements": [{"type": "image", "strokeIds": ["s1", "s2"]},
                          {"type": "divider", "strokeIds": ["s3"]},
                          {"type": "icon", "symbol": "chevron.left", "strokeIds": ["s4"]},
                          {"type": "button", "strokeIds": ["s1"]},
                          {"type": "circle", "strokeIds": ["missing"]}]}
            """
        try Data(screen.utf8).write(to: directory.appendingPathComponent("screen1.json"))
        try Data("not json".utf8).write(to: directory.appendingPathComponent("broken.json"))
        try Data("button\nimage\n".utf8).write(to: directory.appendingPathComponent("classes.txt"))

        var skipped: [String] = []
        let drawings = try CorrectionDataset.load(paths: [directory.path]) { skipped.append($0) }
        XCTAssertEqual(drawings.map(\.label), [.crossedBox, .horizontalLine, .back])
        XCTAssertEqual(drawings[0].strokes.count, 2)
        XCTAssertEqual(drawings[0].frameSize, Point2(390, 844))
        XCTAssertEqual(skipped.count, 1)
        XCTAssertTrue(skipped[0].hasSuffix("broken.json"))
    }

    func testMissingDirectoryThrows() {
        XCTAssertThrowsError(try CorrectionDataset.load(paths: ["/nonexistent/corrections"]))
    }

    /// A screen as `export --format dataset` writes it: its size under `screen`, and per element
    /// whether a person corrected or confirmed it.
    private let exported = """
        {"screen": {"id": "main", "name": "Small", "width": 320, "height": 568},
         "strokes": [{"id": "s1", "points": [[10, 10, 0], [200, 10, 5], [200, 100, 9], [10, 100, 12], [10, 10, 15]]},
                     {"id": "s2", "points": [[10, 10, 0], [200, 100, 8]]},
                     {"id": "s3", "points": [[20, 300, 0], [300, 302, 9]]},
                     {"id": "s4", "points": [[30, 400, 0], [60, 390, 4], [90, 400, 8], [120, 390, 12]]}],
         "elements": [{"type": "image", "strokeIds": ["s1", "s2"], "source": "corrected"},
                      {"type": "divider", "strokeIds": ["s3"], "source": "uncorrected"},
                      {"type": "label", "strokeIds": ["s4"], "text": "Menu", "textSource": "read", "source": "confirmed"}]}
        """

    func testOnlyWhatPeopleVouchedForIsLearnedAndWordsAreNoSquiggles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "corrections-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try Data(exported.utf8).write(to: directory.appendingPathComponent("main.json"))

        let vouched = try CorrectionDataset.load(paths: [directory.path])
        XCTAssertEqual(
            vouched.map(\.label), [.crossedBox], "the uncorrected divider is left out, the written word is no squiggle")
        XCTAssertEqual(vouched.first?.frameSize, Point2(320, 568), "the screen's size travels with the example")
        XCTAssertEqual(
            try CorrectionDataset.load(paths: [directory.path], includeUncorrected: true).map(\.label),
            [.crossedBox, .horizontalLine])
    }

    /// A zip export (stored entries, as sketchd writes them) reads as its folder does; a file
    /// that is no zip is a clear error.
    func testAZipExportIsReadAndAnythingElseIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "corrections-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let zip = directory.appendingPathComponent("Small-dataset.zip")
        try Data(Self.storedZip([("classes.txt", Array("image\n".utf8)), ("strokes/main.json", Array(exported.utf8))]))
            .write(to: zip)
        XCTAssertEqual(try CorrectionDataset.load(paths: [zip.path]).map(\.label), [.crossedBox])

        let notZip = directory.appendingPathComponent("notes.txt")
        try Data("hello".utf8).write(to: notZip)
        XCTAssertThrowsError(try CorrectionDataset.load(paths: [notZip.path])) { error in
            XCTAssertTrue("\(error)".contains("neither an export folder nor a zip export"), "\(error)")
        }
    }

    /// A zip of stored (uncompressed) entries.
    static func storedZip(_ files: [(String, [UInt8])]) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
        var out: [UInt8] = []
        var central: [UInt8] = []
        for (name, data) in files {
            let offset = out.count
            let nameBytes = Array(name.utf8)
            out +=
                le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(data.count)
                + le32(data.count)
                + le16(nameBytes.count) + le16(0) + nameBytes + data
            central +=
                le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0)
                + le32(data.count) + le32(data.count) + le16(nameBytes.count) + le16(0) + le16(0) + le16(0) + le16(0)
                + le32(0)
                + le32(offset) + nameBytes
        }
        let start = out.count
        return out + central + le32(0x0605_4B50) + le16(0) + le16(0) + le16(files.count) + le16(files.count)
            + le32(central.count)
            + le32(start) + le16(0)
    }
}
