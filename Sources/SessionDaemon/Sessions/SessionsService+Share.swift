import SessionProtocol
import StrokeLog

/// Share links changed from a client: rotate or revoke one role's token.
extension SessionsService {
    /// Rotates or revokes a token in the session file (edit role only), answers the sender, and
    /// tells and closes every other client that joined with the token that no longer works.
    func changeShareLink(_ change: ShareLinkChange, from client: Client) {
        guard let membership = client.membership else { return }
        guard membership.role == .edit else {
            return send(WireError(.readOnly, "only an edit link can change the session's links"), to: client)
        }
        if let refusal = spendOp(client, clientOpId: nil) { return send(refusal, to: client) }
        let id = client.id
        let room = membership.room
        Task.immediate {
            do {
                let token = try await room.writer.changeToken(change)
                self.logger.info(
                    "share link changed",
                    metadata: [
                        "session": "\(room.name)", "action": "\(change.action.rawValue)",
                        "role": "\(change.role.rawValue)",
                    ])
                if let sender = self.client(withID: id) {
                    self.send(
                        ShareLinkChangedMessage(action: change.action, role: change.role, token: token), to: sender)
                }
                for member in room.members where member.id != id && member.membership?.role == change.role {
                    self.send(TokenRevokedMessage(role: change.role), to: member)
                    self.close(member, code: TokenRevokedMessage.closeCode, reason: "token revoked")
                }
            } catch {
                self.logger.error(
                    "share link change failed", metadata: ["session": "\(room.name)", "error": "\(error)"])
                if let sender = self.client(withID: id) {
                    self.send(WireError(.internalError, "the link could not be changed"), to: sender)
                }
            }
        }
    }
}
