import Foundation
import FuzzChecks
import XCTest

/// Every seed and every input the fuzzers kept (Fuzz/corpus/<target>/) still passes the
/// decoders' checks: the corpus is a regression suite that runs with every test run.
final class CorpusReplayTests: XCTestCase {
    private static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../Fuzz/corpus").standardized.path

    func testSeedsPassEveryCheck() throws {
        for target in FuzzTarget.allCases {
            let seeds = SeedInputs.of(target)
            XCTAssertFalse(seeds.isEmpty, target.rawValue)
            for (index, seed) in seeds.enumerated() {
                XCTAssertNoThrow(try target.check(seed), "\(target.rawValue) seed \(index)")
            }
        }
    }

    func testEveryCorpusInputPassesItsChecks() throws {
        for target in FuzzTarget.allCases {
            let files = CorpusFiles.list("\(Self.corpus)/\(target.rawValue)")
            XCTAssertGreaterThan(files.count, 0, "Fuzz/corpus/\(target.rawValue) holds inputs")
            for file in files {
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
                XCTAssertNoThrow(try target.check(bytes), file)
            }
        }
    }
}
