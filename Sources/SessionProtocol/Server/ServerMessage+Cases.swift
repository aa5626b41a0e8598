/// Each case's message, or nil: `message.ack?.seq`, or a key path such as `\.ack` where a
/// function from a message to what a caller waits for is wanted.
extension ServerMessage {
    public var welcome: WelcomeMessage? { if case .welcome(let m) = self { m } else { nil } }
    public var error: ErrorMessage? { if case .error(let m) = self { m } else { nil } }
    public var sessionCreated: SessionCreatedMessage? { if case .sessionCreated(let m) = self { m } else { nil } }
    public var joined: JoinedMessage? { if case .joined(let m) = self { m } else { nil } }
    public var participant: ParticipantMessage? { if case .participant(let m) = self { m } else { nil } }
    public var events: EventsMessage? { if case .events(let m) = self { m } else { nil } }
    public var caughtUp: CaughtUpMessage? { if case .caughtUp(let m) = self { m } else { nil } }
    public var ack: AckMessage? { if case .ack(let m) = self { m } else { nil } }
    public var ink: InkRelayMessage? { if case .ink(let m) = self { m } else { nil } }
    public var presence: PresenceRelayMessage? { if case .presence(let m) = self { m } else { nil } }
    public var left: LeftMessage? { if case .left(let m) = self { m } else { nil } }
    public var recognition: RecognitionMessage? { if case .recognition(let m) = self { m } else { nil } }
    public var code: CodeMessage? { if case .code(let m) = self { m } else { nil } }
    public var codeDiff: CodeDiffMessage? { if case .codeDiff(let m) = self { m } else { nil } }
    public var replayState: ReplayStateMessage? { if case .replayState(let m) = self { m } else { nil } }
    public var exportResult: ExportResultMessage? { if case .exportResult(let m) = self { m } else { nil } }
    public var shareLinkChanged: ShareLinkChangedMessage? { if case .shareLinkChanged(let m) = self { m } else { nil } }
    public var tokenRevoked: TokenRevokedMessage? { if case .tokenRevoked(let m) = self { m } else { nil } }

    /// The op an `ack` or an `error` is about.
    public var clientOpId: String? { ack?.clientOpId ?? error?.clientOpId }
}
