// The live messages the daemon relays (PROTOCOL.md, "Live ink and presence"): never stored.

/// `ink` as peers receive it: the sender's ``ClientMessage/InkUpdate`` with `from` added.
public struct InkRelayMessage: Codable, Equatable, Sendable {
    public private(set) var type = "ink"
    /// The client drawing.
    public var from: String
    public var strokeId: String
    public var screen: String
    public var points: [[Double]]
    public var color: String?
    public var width: Double?

    /// The relay of an ink update from `from`.
    public init(from: String, strokeId: String, screen: String, points: [[Double]], color: String?, width: Double?) {
        self.from = from
        self.strokeId = strokeId
        self.screen = screen
        self.points = points
        self.color = color
        self.width = width
    }
}

/// `presence` as peers receive it: whose cursor, and where.
public struct PresenceRelayMessage: Codable, Equatable, Sendable {
    public private(set) var type = "presence"
    public var clientId: String
    public var name: String
    public var color: String
    public var screen: String
    public var x: Double
    public var y: Double

    /// The relay of a cursor position.
    public init(clientId: String, name: String, color: String, screen: String, x: Double, y: Double) {
        self.clientId = clientId
        self.name = name
        self.color = color
        self.screen = screen
        self.x = x
        self.y = y
    }
}

/// `left`: a client went.
public struct LeftMessage: Codable, Equatable, Sendable {
    public private(set) var type = "left"
    public var clientId: String

    /// The notice that `clientId` left.
    public init(clientId: String) { self.clientId = clientId }
}
