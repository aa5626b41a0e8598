import Foundation
import SketchModel
import StrokeLog
import SwiftParser
import SwiftParserDiagnostics
import XCTest

@testable import Exporter

final class ExportTests: XCTestCase {
    private func files(_ format: ExportFormat, _ recognition: SessionRecognition, consent: Bool = false) throws
        -> [ExportFile]
    {
        try SessionExporter.files(
            format, state: SketchedState.state(for: recognition, consent: consent), recognition: recognition,
            options: ExportOptions.standard.consenting(consent), uncorrected: recognition)
    }

    private func text(_ file: ExportFile) -> String { String(decoding: file.data, as: UTF8.self) }

    func testSwiftPMPackageHasTheManifestAppAndScreens() throws {
        let exported = try files(.swiftpm, Fixtures.twoScreenFlow)
        XCTAssertEqual(
            exported.map(\.path).sorted(),
            [
                "ProfileFlow.swiftpm/.swift-format", "ProfileFlow.swiftpm/HomeScreen.swift",
                "ProfileFlow.swiftpm/MyApp.swift", "ProfileFlow.swiftpm/Package.swift",
                "ProfileFlow.swiftpm/PreferencesScreen.swift", "ProfileFlow.swiftpm/ProfileDetailsScreen.swift",
                "ProfileFlow.swiftpm/Theme.swift",
            ])
        let manifest = try XCTUnwrap(exported.first { $0.path.hasSuffix("Package.swift") }).data
        let lines = String(decoding: manifest, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(
            Array(lines.prefix(3)),
            ["// swift-tools-version: 5.9", "import AppleProductTypes", "import PackageDescription"])
        let manifestText = lines.joined(separator: "\n")
        for needle in [
            ".iOS(\"16.0\")", ".iOSApplication(", ".executableTarget(", "name: \"AppModule\"", "path: \".\"",
        ] {
            XCTAssertTrue(manifestText.contains(needle), needle)
        }
        let labels = [
            "name:", "targets:", "bundleIdentifier:", "teamIdentifier:", "displayVersion:", "bundleVersion:",
            "appIcon:",
            "accentColor:", "supportedDeviceFamilies:", "supportedInterfaceOrientations:",
        ]
        let positions = labels.map {
            manifestText.range(
                of: $0, range: manifestText.range(of: ".iOSApplication(")!.upperBound..<manifestText.endIndex)?
                .lowerBound
        }
        XCTAssertFalse(positions.contains(nil))
        XCTAssertEqual(
            positions.compactMap { $0 }, positions.compactMap { $0 }.sorted(), "iOSApplication arguments out of order")
        let app = text(try XCTUnwrap(exported.first { $0.path.hasSuffix("MyApp.swift") }))
        XCTAssertTrue(app.contains("@main") && app.contains("WindowGroup {") && app.contains("HomeScreen()"))
        for file in exported where file.path.hasSuffix(".swift") {
            let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: Parser.parse(source: text(file)))
            XCTAssertEqual(diagnostics.map(\.message), [], file.path)
        }
    }

    func testPlaygroundHasALiveViewAndTypeChecks() throws {
        let exported = try files(.playground, Fixtures.feed)
        XCTAssertEqual(
            exported.map(\.path), ["DailyFeed.playground/Contents.swift", "DailyFeed.playground/contents.xcplayground"])
        XCTAssertTrue(text(exported[1]).contains("<playground version='5.0' target-platform='ios'>"))
        let contents = text(exported[0])
        XCTAssertTrue(contents.contains("import PlaygroundSupport"))
        XCTAssertTrue(contents.contains("PlaygroundPage.current.setLiveView("))
        XCTAssertFalse(contents.contains("@main"))
        XCTAssertEqual(ParseDiagnosticsGenerator.diagnostics(for: Parser.parse(source: contents)).map(\.message), [])
        let outcome = try SwiftUITypeCheck.checkPlayground(contents)
        XCTAssertEqual(outcome.status, 0, outcome.output)
    }

    func testPNGsDecodeAtEveryScale() throws {
        let exported = try files(.png, Fixtures.login)
        XCTAssertEqual(
            exported.map(\.path),
            [
                "LoginScreen@1x.png", "LoginScreen@2x.png", "LoginScreen@3x.png", "LoginScreen-overlay@2x.png",
                "LoginScreen-wireframe@2x.png",
            ])
        let sizes = try exported.map { file -> [Int] in
            XCTAssertEqual(Array(file.data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            let image = try PNGCodec.decode(file.data)
            return [image.width, image.height]
        }
        XCTAssertEqual(sizes, [[390, 844], [780, 1688], [1170, 2532], [780, 1688], [780, 1688]])
        // The "Log In" button's outline (x 40...350, y 380...428) is drawn in blue; paper stays white.
        let sketch = try PNGCodec.decode(exported[1].data)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let i = (y * sketch.width + x) * 3
            return Array(sketch.rgb[i..<i + 3])
        }
        XCTAssertEqual(pixel(200 * 2, 380 * 2), [0x1f, 0x6f, 0xeb])
        XCTAssertEqual(pixel(200 * 2, 404 * 2), [255, 255, 255])
    }

    func testStrokeEdgesAreAntiAliased() throws {
        var raster = Raster(width: 24, height: 12, background: RGBColor(red: 255, green: 255, blue: 255))
        raster.polyline([(2, 5.25), (20, 5.25)], lineWidth: 2, color: RGBColor(red: 0, green: 0, blue: 0))
        let image = try PNGCodec.decode(try PNGCodec.encode(raster))
        func gray(_ x: Int, _ y: Int) -> UInt8 { image.rgb[(y * 24 + x) * 3] }
        XCTAssertEqual(gray(10, 5), 0, "centre row is solid")
        XCTAssertTrue((1...254).contains(gray(10, 4)), "edge row is partly covered: \(gray(10, 4))")
        XCTAssertEqual(gray(10, 1), 255, "far rows stay paper")
    }

    /// Every pixel whose centre lies well inside a stroke is fully inked, whatever the direction
    /// (the renderer only visits the rows' reachable spans, so a wrong span would leave gaps).
    func testStrokesHaveNoGapsInAnyDirection() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<40 {
            let points = (0..<3).map { _ in
                (x: Double.random(in: 5...75, using: &random), y: Double.random(in: 5...75, using: &random))
            }
            let width = Double.random(in: 1...9, using: &random)
            var raster = Raster(width: 80, height: 80, background: RGBColor(red: 255, green: 255, blue: 255))
            raster.polyline(points, lineWidth: width, color: RGBColor(red: 0, green: 0, blue: 0))
            for y in 0..<80 {
                for x in 0..<80 {
                    let px = Double(x) + 0.5
                    let py = Double(y) + 0.5
                    let distance = zip(points, points.dropFirst()).map { a, b -> Double in
                        let dx = b.x - a.x
                        let dy = b.y - a.y
                        let t = max(0, min(1, ((px - a.x) * dx + (py - a.y) * dy) / max(dx * dx + dy * dy, 1e-12)))
                        return ((a.x + t * dx - px) * (a.x + t * dx - px) + (a.y + t * dy - py) * (a.y + t * dy - py))
                            .squareRoot()
                    }.min()!
                    if distance <= width / 2 - 0.5 {
                        XCTAssertEqual(raster.pixels[(y * 80 + x) * 3], 0, "gap at \(x),\(y)")
                    }
                    if distance > width / 2 + 0.5 {
                        XCTAssertEqual(raster.pixels[(y * 80 + x) * 3], 255, "ink at \(x),\(y)")
                    }
                }
            }
        }
    }

    func testCorruptPNGIsATypedError() {
        XCTAssertThrowsError(try PNGCodec.decode([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])) {
            XCTAssertNotNil($0 as? ExportError)
        }
    }

    func testDatasetLabelLinesMatchTheBoxesAndCorrectionsWin() throws {
        let recognition = Fixtures.login
        let relabel = EventPayload.labelCorrected(strokeIDs: ["s-e6"], label: "button")
        let state = SketchedState.state(for: recognition, consent: true, corrections: [relabel])
        let exported = try SessionExporter.files(
            .dataset, state: state, recognition: recognition, options: ExportOptions.standard.consenting(true),
            uncorrected: recognition)
        XCTAssertEqual(
            exported.map(\.path),
            ["classes.txt", "dataset.json", "images/main.png", "labels/main.txt", "strokes/main.json"])
        let classes = text(exported[0]).split(separator: "\n").map(String.init)
        XCTAssertEqual(classes, ElementType.allCases.map(\.rawValue))
        let lines = text(exported[3]).split(separator: "\n")
        let elements = recognition.screens[0].allElements
        XCTAssertEqual(lines.count, elements.count)
        for (line, element) in zip(lines, elements) {
            let fields = line.split(separator: " ")
            XCTAssertEqual(fields.count, 5)
            let expectedType = element.id == "e6" ? "button" : element.type.rawValue
            XCTAssertEqual(classes[Int(fields[0])!], expectedType, element.id)
            let values = fields.dropFirst().map { Double($0)! }
            let f = element.frame
            let expected = [f.midX / 390, f.midY / 844, f.width / 390, f.height / 844]
            for (value, want) in zip(values, expected) { XCTAssertEqual(value, want, accuracy: 1e-6) }
        }
        let record = try JSONDecoder().decode(DatasetExport.ScreenRecord.self, from: Data(exported[4].data))
        XCTAssertEqual(record.strokes.count, elements.count)
        XCTAssertEqual(record.elements.first { $0.id == "e6" }?.corrected, true)
        XCTAssertEqual(record.elements.first { $0.id == "e6" }?.recognizedType, "label")
        XCTAssertEqual(record.elements.first { $0.id == "e6" }?.source, .corrected)
        XCTAssertEqual(
            record.elements.first { $0.id == "e6" }?.recognized?.type, "label",
            "what the recognizer said, not the correction")
        XCTAssertEqual(
            Set(record.elements.filter { $0.id != "e6" }.map(\.source)), [.uncorrected], "no one looked at the rest")
        let image = try PNGCodec.decode(exported[2].data)
        XCTAssertEqual([image.width, image.height], [390, 844])
    }

    func testDatasetSaysWhetherATextWasReadOrTyped() throws {
        var recognition = Fixtures.login
        var elements = recognition.screens[0].elements
        let labels = elements.indices.filter { elements[$0].type == .label }
        XCTAssertGreaterThanOrEqual(labels.count, 2)
        elements[labels[0]].text = "Welcome"
        elements[labels[0]].textConfidence = 0.82
        elements[labels[1]].text = "Sign in"
        recognition.screens[0].elements = elements
        let state = SketchedState.state(for: recognition, consent: true)
        let exported = try SessionExporter.files(
            .dataset, state: state, recognition: recognition, options: ExportOptions.standard.consenting(true),
            uncorrected: recognition)
        let record = try JSONDecoder().decode(DatasetExport.ScreenRecord.self, from: Data(exported[4].data))
        let read = try XCTUnwrap(record.elements.first { $0.id == elements[labels[0]].id })
        XCTAssertEqual(read.textSource, "read")
        XCTAssertEqual(read.textConfidence, 0.82)
        let typed = try XCTUnwrap(record.elements.first { $0.id == elements[labels[1]].id })
        XCTAssertEqual(typed.textSource, "typed")
        XCTAssertNil(typed.textConfidence)
        XCTAssertNil(record.elements.first { $0.text == nil }?.textSource)
    }

    func testDatasetWithoutConsentIsRefused() {
        let state = SketchedState.state(for: Fixtures.login, consent: false)
        XCTAssertThrowsError(try SessionExporter.export(.dataset, state: state, recognition: Fixtures.login, zip: true))
        { error in
            XCTAssertEqual(error as? ExportError, .noConsent)
            XCTAssertEqual((error as? ExportError)?.code, "no_consent")
        }
    }

    /// The state exported says consent (given at that seq), but it is withdrawn now: refused.
    func testDatasetOfASeqWithConsentIsRefusedWhenConsentIsWithdrawnNow() {
        let state = SketchedState.state(for: Fixtures.login, consent: true)
        XCTAssertTrue(state.trainingConsent)
        XCTAssertThrowsError(
            try SessionExporter.files(
                .dataset, state: state, recognition: Fixtures.login, options: ExportOptions.standard.consenting(false))
        ) {
            XCTAssertEqual($0 as? ExportError, .noConsent)
        }
        XCTAssertNoThrow(
            try SessionExporter.files(
                .dataset, state: state, recognition: Fixtures.login, options: ExportOptions.standard.consenting(true),
                uncorrected: Fixtures.login))
        XCTAssertThrowsError(
            try SessionExporter.files(
                .dataset, state: state, recognition: Fixtures.login, options: ExportOptions.standard.consenting(true))
        ) {
            XCTAssertEqual(
                $0 as? ExportError, .missingRecognizerAnswer,
                "a dataset never passes the corrected output off as the recognizer's")
        }
    }

    func testHostileScreenNamesStayInsideTheExportFolder() throws {
        var recognition = Fixtures.login
        recognition.title = "../../../etc"
        recognition.screens[0].screen.name = "../../evil/..\\passwd"
        recognition.screens[0].screen.id = "..%2F"
        for format in ExportFormat.allCases {
            for file in try files(format, recognition, consent: true) {
                XCTAssertNoThrow(try ExportPath.check(file.path), "\(format): \(file.path)")
                XCTAssertFalse(file.path.split(separator: "/").contains(".."), "\(format): \(file.path)")
            }
        }
        for bad in ["../x", "/etc/passwd", "a/../../b", "a//b", "a\\b", "", "./a", "a/."] {
            XCTAssertThrowsError(try ExportPath.check(bad), bad) {
                XCTAssertEqual($0 as? ExportError, .unsafePath(bad))
            }
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sketchd-export-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        XCTAssertThrowsError(try ExportWriter.write([ExportFile(path: "../escape.txt", data: [1])], to: root))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/../escape.txt"))
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: "/tmp")
        XCTAssertThrowsError(try ExportWriter.write([ExportFile(path: "link/owned.txt", data: [1])], to: root)) {
            XCTAssertEqual($0 as? ExportError, .unsafePath("link/owned.txt"))
        }
        XCTAssertEqual(try ExportWriter.write([ExportFile(path: "a/b.txt", data: [65])], to: root), [root + "/a/b.txt"])
    }

    func testEveryFormatIsDeterministic() throws {
        let state = SketchedState.state(for: Fixtures.feed, consent: true)
        for format in ExportFormat.allCases {
            let options = ExportOptions.standard.consenting(true)
            let first = try SessionExporter.export(
                format, state: state, recognition: Fixtures.feed, zip: true, options: options,
                uncorrected: Fixtures.feed)
            let second = try SessionExporter.export(
                format, state: state, recognition: Fixtures.feed, zip: true, options: options,
                uncorrected: Fixtures.feed)
            XCTAssertEqual(first.data, second.data, format.rawValue)
            XCTAssertEqual(first.mime, "application/zip")
        }
    }

    func testZipArchivesAreValid() throws {
        let state = SketchedState.state(for: Fixtures.twoScreenFlow, consent: true)
        let artifact = try SessionExporter.export(
            .swiftpm, state: state, recognition: Fixtures.twoScreenFlow, zip: true)
        XCTAssertEqual(artifact.filename, "ProfileFlow.swiftpm.zip")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sketchd-\(UUID().uuidString).zip")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = FileManager.default.createFile(atPath: path, contents: Data(artifact.data))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["unzip", "-tq", path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "unzip -t rejected the archive")
    }

    func testJSONHasElementsLayoutAndStoryboard() throws {
        let exported = try files(.json, Fixtures.twoScreenFlow)
        XCTAssertEqual(exported.map(\.path), ["ProfileFlow.json"])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(exported[0].data)) as? [String: Any])
        let screens = try XCTUnwrap(object["screens"] as? [[String: Any]])
        XCTAssertEqual(screens.count, 3)
        XCTAssertNotNil(screens[0]["elements"] as? [Any])
        XCTAssertNotNil(screens[0]["layout"] as? [String: Any])
        let storyboard = try XCTUnwrap(object["storyboard"] as? [String: Any])
        XCTAssertEqual(storyboard["root"] as? String, "HomeScreen")
        let edges = try XCTUnwrap(storyboard["edges"] as? [[String: Any]])
        XCTAssertEqual(edges.map { $0["style"] as? String }, ["push", "sheet"])
        let single = try SessionExporter.export(
            .json, state: SessionState(), recognition: Fixtures.twoScreenFlow, zip: false)
        XCTAssertEqual(single.filename, "ProfileFlow.json")
        XCTAssertEqual(single.mime, "application/json")
    }

    /// NaN, infinite and absurd numbers in a recognition (from a buggy recognizer or a hostile
    /// client) give an export or a typed error, never a crash.
    func testHostileRecognitionNumbersNeverCrash() {
        var recognition = Fixtures.feed
        let hostile: [Rect] = [
            Rect(x: .nan, y: 1, width: 2, height: 3), Rect(x: 1e300, y: -1e300, width: .infinity, height: 5),
            Rect(x: 0, y: 0, width: -50, height: .nan),
        ]
        for (index, frame) in hostile.enumerated() {
            var element = Fixtures.element(
                "h\(index)", ElementType.allCases[index * 5 % ElementType.allCases.count], 0, 0, 1, 1, segments: Int.max
            )
            element.frame = frame
            element.confidence = index == 0 ? .nan : 1e308
            recognition.screens[0].elements.append(element)
        }
        recognition.screens[0].layout = .vstack(
            .init(
                spacing: .nan, alignment: "sideways",
                padding: .init(top: .infinity, leading: -4, bottom: 1e300, trailing: .nan),
                children: [.element(id: "h0"), .spacer(minLength: .infinity), .element(id: "h1"), .element(id: "h2")]))
        recognition.theme = Theme(accent: "#zzzzzz", background: "red", cornerRadius: .nan, typeScale: 1e9)
        let state = SketchedState.state(for: Fixtures.feed, consent: true)
        for format in ExportFormat.allCases {
            do {
                _ = try SessionExporter.export(
                    format, state: state, recognition: recognition, zip: true,
                    options: ExportOptions.standard.consenting(true), uncorrected: recognition)
            } catch {
                XCTAssertNotNil(error as? ExportError, "\(format): \(error)")
            }
        }
        let files = SwiftUIGenerator.files(for: recognition)
        for file in files {
            XCTAssertEqual(
                ParseDiagnosticsGenerator.diagnostics(for: Parser.parse(source: file.text)).map(\.message), [],
                file.path)
        }
    }

    func testOversizedScreensAreRefusedNotRendered() {
        var recognition = Fixtures.login
        recognition.screens[0].screen = Screen(id: "main", name: "Huge", width: 4000, height: 20000)
        XCTAssertThrowsError(try files(.png, recognition)) { error in
            guard case .imageTooLarge? = error as? ExportError else { return XCTFail("\(error)") }
        }
    }
}
