import Synchronization

/// How many ops each group commit held: one commit (one transaction, one fsync) per batch, so
/// ops over commits is what group commit saves, and the sizes show whether it batched under
/// load or stayed one op a commit. The daemon's (``shared``, since it started) are logged at
/// shutdown beside ``FanOutCounts``.
final class GroupCommitCounts: Sendable {
    /// Every session writer's commits since the daemon started.
    static let shared = GroupCommitCounts()

    /// The largest batch size of each bucket, and its name.
    private static let buckets: [(largest: Int, name: String)] = [
        (1, "1"), (2, "2"), (4, "3-4"), (8, "5-8"), (16, "9-16"), (.max, "17+"),
    ]

    private struct Counts {
        var commits = 0
        var operations = 0
        var commitsByBucket = [Int](repeating: 0, count: GroupCommitCounts.buckets.count)
    }

    private let counts = Mutex(Counts())

    /// One commit of `count` ops was made.
    func committed(_ count: Int) {
        let bucket = Self.buckets.firstIndex { count <= $0.largest } ?? Self.buckets.count - 1
        counts.withLock { counts in
            counts.commits += 1
            counts.operations += count
            counts.commitsByBucket[bucket] += 1
        }
    }

    /// The counts as log metadata: commits, ops, and commits by batch size.
    var metadata: [String: String] {
        let counts = counts.withLock { $0 }
        var metadata = ["commits": "\(counts.commits)", "operations": "\(counts.operations)"]
        for (bucket, commits) in zip(Self.buckets, counts.commitsByBucket) {
            metadata["commitsOf" + bucket.name] = "\(commits)"
        }
        return metadata
    }
}
