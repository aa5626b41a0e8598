import StrokeLog

/// `{"type": "shareLink", "action": "rotate" | "revoke", "role": "edit" | "view"}`: an owner
/// replaces or revokes one of the session's links (edit token only).
public struct ShareLinkChange: Codable, Equatable, Sendable {
    /// What happens to the role's link.
    public enum Action: String, Codable, Sendable { case rotate, revoke }
    /// What happens to the link.
    public var action: Action
    /// Whose link: the edit or the view token's.
    public var role: SessionCapabilities.Role

    /// A change of the `role` link.
    public init(action: Action, role: SessionCapabilities.Role) {
        self.action = action
        self.role = role
    }

    /// What a malformed `shareLink` is told.
    public static let expectation = "shareLink needs action (rotate or revoke) and role (edit or view)"
}

/// The answer to the owner who changed a link: the new token after a rotate.
public struct ShareLinkChangedMessage: Codable, Equatable, Sendable {
    /// `shareLinkChanged`.
    public private(set) var type = "shareLinkChanged"
    /// What was done.
    public var action: ShareLinkChange.Action
    /// To whose link.
    public var role: SessionCapabilities.Role
    /// The new token after a rotate.
    public var token: String?

    /// The answer to `action` on the `role` link.
    public init(action: ShareLinkChange.Action, role: SessionCapabilities.Role, token: String?) {
        self.action = action
        self.role = role
        self.token = token
    }
}

/// Told to every other connection that joined with the token a change revoked, just before
/// it is closed with ``TokenRevokedMessage/closeCode``.
public struct TokenRevokedMessage: Codable, Equatable, Sendable {
    /// `tokenRevoked`.
    public private(set) var type = "tokenRevoked"
    /// The role whose token stopped working.
    public var role: SessionCapabilities.Role

    /// The notice for connections that joined with the `role` token.
    public init(role: SessionCapabilities.Role) { self.role = role }

    /// The close code that follows the message.
    public static let closeCode = 4001
}
