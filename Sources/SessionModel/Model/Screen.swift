/// One phone screen of a session; strokes belong to exactly one screen.
public struct Screen: Hashable, Sendable, Codable, Identifiable {
    /// Stable id, chosen by the client that added it.
    public var id: String
    /// Display name, also the basis of the generated view's type name.
    public var name: String
    /// Canvas width in points (the phone frame).
    public var width: Double
    /// Canvas height in points; taller than the device means a scrolling screen.
    public var height: Double

    /// The id of the screen every session starts with.
    public static let mainID = "main"
    /// The screen every session starts with: an iPhone 15 frame, 390 x 844.
    public static let main = Screen(id: mainID, name: "Main", width: 390, height: 844)

    /// Creates a screen description.
    public init(id: String, name: String, width: Double = 390, height: Double = 844) {
        self.id = id
        self.name = name
        self.width = width
        self.height = height
    }

    /// Checks the id, name and size.
    public func validated() throws -> Screen {
        try Identifier.check(id, what: "screen id")
        let name = try ScreenName.check(name)
        guard width.isFinite, height.isFinite, width >= 100, width <= 4000, height >= 100, height <= 20000 else {
            throw StrokeLogError.invalidNumber("screen size must be finite, width 100...4000 and height 100...20000")
        }
        return Screen(id: id, name: name, width: width, height: height)
    }
}

/// Rules for human-readable names (screen names, session titles).
public enum ScreenName {
    /// Returns the NFC form of `name`, which must fit ``TextLimit/title`` and have no control
    /// characters.
    @discardableResult
    public static func check(_ name: String, what: String = "name") throws -> String {
        try TextLimit.title.checked(name, what: what)
    }
}
