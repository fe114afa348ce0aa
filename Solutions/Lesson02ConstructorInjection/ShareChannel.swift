import Synchronization

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
/// In this kata the clipboard is simulated: it keeps the last text copied.
public struct ClipboardShareChannel: ShareChannel {
  private static let clipboard = Mutex("")

  /// Creates a clipboard channel.
  public init() {}

  public func share(_ account: Account) {
    Self.clipboard.withLock { $0 = "\(account.name) (\(account.id))" }
  }
}
