import SessionModel

/// The fixed, hash-based split of a data set into folds: a drawing's fold depends on its id only,
/// so the validation part never changes between runs, machines or file orderings.
public struct ValidationSplit: Sendable, Hashable {
    /// Number of folds (5 gives a 20% validation part).
    public var foldCount: Int
    /// The fold held out for validation.
    public var validationFold: Int

    /// The split used for the shipped model: 5 folds, fold 0 held out.
    public static let standard = ValidationSplit(foldCount: 5, validationFold: 0)

    /// Creates a split.
    public init(foldCount: Int, validationFold: Int) {
        precondition(foldCount >= 2 && (0..<foldCount).contains(validationFold))
        self.foldCount = foldCount
        self.validationFold = validationFold
    }

    /// The fold of an id: 64-bit FNV-1a of its UTF-8 bytes, modulo the fold count.
    public func fold(of id: String) -> Int {
        Int(FNV1a<UInt64>.hash(id.utf8) % UInt64(foldCount))
    }

    /// Whether `id` belongs to the validation part.
    public func isValidation(_ id: String) -> Bool { fold(of: id) == validationFold }
}
