import StrokeLog

/// `{"type": "shareLink", "action": "rotate" | "revoke", "role": "edit" | "view"}`: an owner
/// replaces or revokes one of the session's links (edit token only).
struct ShareLinkChange: Decodable, Equatable {
    enum Action: String, Decodable { case rotate, revoke }
    var action: Action
    var role: SessionCapabilities.Role

    /// What a malformed `shareLink` is told.
    static let expectation = "shareLink needs action (rotate or revoke) and role (edit or view)"
}

/// The answer to the owner who changed a link: the new token after a rotate.
struct ShareLinkChangedMessage: Encodable {
    let type = "shareLinkChanged"
    var action: ShareLinkChange.Action
    var role: SessionCapabilities.Role
    var token: String?
}

extension ShareLinkChange.Action: Encodable {}

/// Told to every other connection that joined with the token a change revoked, just before
/// it is closed with ``TokenRevokedMessage/closeCode``.
struct TokenRevokedMessage: Encodable {
    let type = "tokenRevoked"
    var role: SessionCapabilities.Role

    /// The close code that follows the message.
    static let closeCode = 4001
}
