import SketchModel

/// Turns one classified group that holds nothing into an element (or nothing, when it is not one).
enum LeafRules {
    /// The confidence of a group the classifier could not name.
    static let unknownConfidence = 0.3

    static func part(for atom: Atom, bands: ScreenBands) -> Part? {
        let c = atom.confidence
        let inks = atom.inks
        let f = atom.frame
        func make(_ type: ElementType, _ confidence: Double) -> Part {
            ElementMaker.make(type, own: inks, confidence: confidence, primitive: atom.primitive)
        }
        switch atom.primitive {
        case .squiggle:
            var label = make(.label, c)
            label.element.text = atom.text?.text
            label.element.textConfidence = atom.text?.confidence
            return label
        case .box: return emptyBox(atom, bands: bands)
        case .crossedBox: return make(.image, c)
        case .horizontalLine: return make(.divider, c)
        case .verticalLine: return make(.divider, c * 0.5)
        case .circle: return make(.avatar, c * 0.6)
        case .dot: return make(.icon, c)  // waits for a page control (PageControls); dropped when alone
        case .dots: return make(.icon, c)  // PageControls counts the dots
        case .toggle:
            var part = make(.toggle, c)
            part.element.isOn = knobIsRight(inks, frame: f)
            return part
        case .checkbox:
            var part = make(.checkbox, c)
            part.element.isOn = inks.count >= 2
            return part
        case .picker: return make(.picker, c)
        case .slider: return make(.slider, c)
        case .avatar: return make(.avatar, c)
        case .icon(let symbol):
            var part = make(.icon, c)
            part.element.symbol = symbol
            return part
        case .unknown:
            // Kept as a weak pictogram so a box still sees it as content (a switch's odd knob);
            // on its own it falls under the icon threshold and is dropped.
            return make(.icon, min(c, unknownConfidence))
        }
    }

    /// The least size (longer side, points) of an empty box read as an image placeholder.
    static let imageSize = 44.0

    /// A rectangle with nothing inside (but `strays`, specks left inside it): a bar at the top, a
    /// switch when it is a small pill, a text field when wide and no taller than a control, a
    /// checkbox when small, an image placeholder when large enough, else a container.
    static func emptyBox(_ atom: Atom, bands: ScreenBands, absorbing strays: [Part] = []) -> Part {
        let f = atom.frame
        let c = atom.confidence
        let type: ElementType
        var rule = 0.95
        if bands.isEmptyNavigationBar(f) {
            type = .navigationBar
        } else if isPill(atom) {
            var toggle = ElementMaker.make(.toggle, own: atom.inks, confidence: c * 0.8, primitive: atom.primitive)
            toggle.element.isOn = false
            return toggle
        } else if f.width >= 3 * f.height, f.height <= BoxRules.controlHeight {
            type = .textField
        } else if max(f.width, f.height) <= 40, f.width <= 1.5 * f.height, f.height <= 1.5 * f.width {
            type = .checkbox
            rule = 0.8
        } else if max(f.width, f.height) >= imageSize {
            // Neither wide nor small and holding nothing: a picture's frame (DoodleUINet's
            // `square`), until something is drawn inside it.
            type = .image
            rule = 0.8
        } else {
            type = .container
            rule = 0.7
        }
        var part = ElementMaker.make(
            type, own: atom.inks, absorbed: strays, confidence: c * rule, primitive: atom.primitive)
        if type == .checkbox { part.element.isOn = atom.inks.count >= 2 }
        return part
    }

    /// A small rounded box about twice as wide as tall: a switch whose knob is not drawn yet.
    static func isPill(_ atom: Atom) -> Bool {
        let f = atom.frame
        let aspect = f.width / max(f.height, 1)
        guard aspect >= 1.3, aspect <= 3.5, f.height >= 12, f.height <= 44 else { return false }
        let rounded = atom.label.probability(of: "roundedRectangle") + atom.label.probability(of: "switch")
        let square = atom.label.probability(of: "rectangle") + atom.label.probability(of: "square")
        return rounded > square
    }

    /// Whether a switch's knob (its smallest stroke) sits in the right half.
    static func knobIsRight(_ inks: [Ink], frame: Rect) -> Bool {
        guard inks.count >= 2, let knob = inks.min(by: { ($0.frame.area, $0.order) < ($1.frame.area, $1.order) }) else {
            return false
        }
        return knob.frame.midX > frame.midX
    }
}
