import XCTest

@testable import SessionDaemon

final class GroupCommitCountsTests: XCTestCase {
    func testCommitsAreCountedByBatchSize() {
        let counts = GroupCommitCounts()
        for size in [1, 1, 2, 3, 4, 5, 8, 9, 16, 17, 400] { counts.committed(size) }
        XCTAssertEqual(
            counts.metadata,
            [
                "commits": "11", "operations": "466", "commitsOf1": "2", "commitsOf2": "1", "commitsOf3-4": "2",
                "commitsOf5-8": "2", "commitsOf9-16": "2", "commitsOf17+": "2",
            ])
    }

    func testNothingCommittedIsAllZeros() {
        XCTAssertEqual(Set(GroupCommitCounts().metadata.values), ["0"])
    }
}
