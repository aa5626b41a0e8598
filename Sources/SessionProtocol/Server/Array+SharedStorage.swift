extension Array {
    /// Whether both arrays are one buffer, so equal without a look at their elements: a value
    /// handed on unchanged (a screen's result from the recognizer's cache) shares its arrays.
    func sharesStorage(with other: [Element]) -> Bool {
        withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in
                mine.baseAddress == theirs.baseAddress && mine.count == theirs.count
            }
        }
    }
}
