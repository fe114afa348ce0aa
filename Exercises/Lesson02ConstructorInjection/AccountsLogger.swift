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

// TODO: Task 7 — a view model with no logger attached still needs somewhere to log (or
// nowhere); if you pick a type for that, it can live here.
