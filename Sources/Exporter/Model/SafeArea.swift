/// Where iOS starts a screen's content: below the status bar, whose height (the top of the safe
/// area) depends on the phone. The drawing is measured from the top of the screen, the code from
/// here.
enum SafeArea {
    /// The top inset (points) of the phones and tablet the canvas offers, by screen width: iPhone SE
    /// (375), iPhone 15 and 15 Pro Max (390, 430; the Dynamic Island), iPad mini (744); 47 for any
    /// other width (the notched iPhones).
    static func top(screenWidth: Double) -> Double {
        switch screenWidth {
        case 375: 20
        case 390, 430: 59
        case 744: 24
        default: 47
        }
    }
}
