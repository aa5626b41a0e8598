import SketchModel

extension Element {
    /// How many elements this one and its descendants are: the room a set or dictionary keyed by
    /// them reserves up front, so it is never rehashed as it fills.
    var treeSize: Int { children.reduce(1) { $0 + $1.treeSize } }
}
