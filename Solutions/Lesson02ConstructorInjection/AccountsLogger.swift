/// Writes diagnostic messages about the accounts screen.
public protocol AccountsLogger: Sendable {
  /// Writes one message.
  ///
  /// - Parameter message: A sentence for the engineer who reads the log.
  func log(_ message: String)
}

/// A logger that prints each message to standard output.
public struct ConsoleLogger: AccountsLogger {
  /// Creates a console logger.
  public init() {}

  public func log(_ message: String) {
    print("[accounts] \(message)")
  }
}

/// A logger that drops every message: the safe default for an optional collaborator.
///
/// A view model that logs through a `SilentLogger` until someone attaches a real one
/// needs no `if let` at each call and cannot crash for want of a logger.
///
/// Source: the Null Object pattern (Bobby Woolf, "Null Object", Pattern Languages of
/// Program Design 3, 1997).
public struct SilentLogger: AccountsLogger {
  /// Creates a logger that drops every message.
  public init() {}

  public func log(_ message: String) {}
}
