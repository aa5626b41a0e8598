import XCTest

@testable import Exporter

/// The generated code of the four representative screens, byte for byte (see Support/Golden.swift
/// for how to regenerate after an intended change).
final class GoldenTests: XCTestCase {
    func testSwiftUIMatchesGoldenFiles() throws {
        for fixture in Fixtures.all {
            try Golden.check(SwiftUIGenerator.files(for: fixture.recognition), set: "\(fixture.name)/swiftui")
        }
    }
}
