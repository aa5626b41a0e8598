/// What the elements of a generated screen are drawn with.
public enum DrawingSource: String, Hashable, Sendable, CaseIterable, Codable {
    /// Our own pen for text, boxes, lines and widgets; DoodleUINet drawings from outside the
    /// classifier's validation fold for pictograms, avatars, switches and checkboxes.
    case synthetic
    /// Every element a DoodleUINet drawing from the classifier's validation fold (drawings the
    /// model never trained on), stretched into the box a person would draw it in: squiggles for
    /// text, squares for boxes and images, drop-downs, sliders, switches, checkboxes, avatars and
    /// icons. Only dividers, segment lines and page-control dots, which
    /// DoodleUINet has no class for, are drawn with the pen.
    case real

    /// Which DoodleUINet ids a pool for this source keeps.
    public func keeps(_ id: String, split: ValidationSplit = .standard) -> Bool {
        switch self {
        case .synthetic: !split.isValidation(id)
        case .real: split.isValidation(id)
        }
    }
}
