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
    /// Drawn as ``real``, from half of the validation fold (``isHeldOutHalf(_:)``), by templates
    /// and placements the rules were not tuned on (``ScreenSynthesizer/heldOutKinds``): a check on
    /// what tuning against the real set overfits.
    case heldOut

    /// Whether elements are real drawings stretched into their boxes (the real and held-out sets).
    public var drawsRealDrawings: Bool { self != .synthetic }

    /// Which DoodleUINet ids a pool for this source keeps.
    public func keeps(_ id: String, split: ValidationSplit = .standard) -> Bool {
        switch self {
        case .synthetic: !split.isValidation(id)
        case .real: split.isValidation(id)
        case .heldOut: split.isValidation(id) && Self.isHeldOutHalf(id)
        }
    }

    /// The half of the validation fold the held-out set draws from: a second FNV-1a hash, salted
    /// so that it does not follow the fold hash.
    static func isHeldOutHalf(_ id: String) -> Bool {
        ValidationSplit(foldCount: 2, validationFold: 1).isValidation("held-out:" + id)
    }
}
