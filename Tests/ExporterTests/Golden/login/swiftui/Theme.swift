import SwiftUI

/// Design tokens from the sketch session's theme; every view uses these.
enum Theme {
    static let accent = Color(red: 0.000, green: 0.478, blue: 1.000)
    static let background = Color(red: 1.000, green: 1.000, blue: 1.000)
    static let cardBackground = Color.gray.opacity(0.12)
    static let placeholder = Color.gray
    static let cornerRadius: CGFloat = 10
    static let cardShape = RoundedRectangle(cornerRadius: cornerRadius)

    static let largeTitle = Font.largeTitle
    static let title = Font.title
    static let headline = Font.headline
    static let body = Font.body
    static let caption = Font.caption

    // Stroke colours used in the sketch.
    static let inkBlue = Color(red: 0.122, green: 0.435, blue: 0.922)
}
