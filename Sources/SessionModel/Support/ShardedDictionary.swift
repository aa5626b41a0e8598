/// A dictionary kept in 32 smaller ones, chosen by the key's hash, so that changing one entry of
/// a copy that shares storage with another copies one shard (and 32 references), not every entry.
///
/// ``SessionState`` is copied on every commit while the service thread (and recognition) still
/// hold the state before it: with plain dictionaries, folding one stroke copied the session's
/// whole stroke and action tables, a cost that grew with the session. The shard of a key depends
/// on the process's hash seed, so equal dictionaries have equal shards within one process, which
/// is all `==` and `hash(into:)` need; nothing that leaves the process depends on the order.
struct ShardedDictionary<Key: Hashable, Value> {
    private static var shardCount: Int { 32 }
    private var shards: [[Key: Value]]

    /// An empty dictionary.
    init() { shards = Array(repeating: [:], count: Self.shardCount) }

    private static func shard(of key: Key) -> Int { key.hashValue & (shardCount - 1) }

    subscript(key: Key) -> Value? {
        get { shards[Self.shard(of: key)][key] }
        _modify { yield &shards[Self.shard(of: key)][key] }
    }

    subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
        get { shards[Self.shard(of: key)][key, default: defaultValue()] }
        _modify { yield &shards[Self.shard(of: key)][key, default: defaultValue()] }
    }

    /// Every value, in no particular order.
    var values: FlattenSequence<LazyMapSequence<[[Key: Value]], Dictionary<Key, Value>.Values>> {
        shards.lazy.map { $0.values }.joined()
    }

    /// Every key, in no particular order.
    var keys: FlattenSequence<LazyMapSequence<[[Key: Value]], Dictionary<Key, Value>.Keys>> {
        shards.lazy.map { $0.keys }.joined()
    }

    var count: Int { shards.reduce(0) { $0 + $1.count } }

    /// Makes room for about `total` entries spread evenly.
    mutating func reserveCapacity(_ total: Int) {
        let each = total / Self.shardCount + 1
        for index in shards.indices { shards[index].reserveCapacity(each) }
    }
}

extension ShardedDictionary: Equatable where Value: Equatable {}
extension ShardedDictionary: Hashable where Value: Hashable {}
extension ShardedDictionary: Sendable where Key: Sendable, Value: Sendable {}
