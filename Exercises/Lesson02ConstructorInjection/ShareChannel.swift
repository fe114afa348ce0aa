/// A place the customer can send an account's details to: the clipboard, a message, a
/// mail.
public protocol ShareChannel: Sendable {
  /// Sends the details of one account.
  ///
  /// - Parameter account: The account to share.
  func share(_ account: Account)
}

/// Copies an account's details to the clipboard.
///
/// In this kata the clipboard is `OutsideWorld.current`, which writes down each text
/// copied.
public struct ClipboardShareChannel: ShareChannel {
  /// Creates a clipboard channel.
  public init() {}

  public func share(_ account: Account) {
    OutsideWorld.current.record(.clipboard("\(account.name) (\(account.id))"))
  }
}
