/// Sorting that is skipped when there is nothing to sort.
extension Array {
    /// The elements sorted by `areInIncreasingOrder`, ties kept in place; the array itself, with
    /// no sort and no copy, when no element comes before the one ahead of it.
    func sortedIfNeeded(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        for index in indices.dropFirst() where areInIncreasingOrder(self[index], self[index - 1]) {
            return sorted(by: areInIncreasingOrder)
        }
        return self
    }
}
