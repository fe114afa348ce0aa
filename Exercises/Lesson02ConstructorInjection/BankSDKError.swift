// NB: Vendor code, like BankSDK.swift: do not edit it.

/// What the bank's SDK throws when a request got no answer at all.
///
/// Its messages are written for the engineer who reads the logs, not for the customer.
public enum BankSDKError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The device has no network connection.
  case offline
  /// The server did not answer within the SDK's time limit, in seconds.
  case timedOut(seconds: Int)
  /// The server's certificate did not match the one pinned in the SDK.
  case certificatePinningFailed(host: String)

  /// A technical message, for logs.
  public var description: String {
    switch self {
    case .offline: "BankSDKError.offline: no route to host (NSURLErrorNotConnectedToInternet)"
    case .timedOut(let seconds): "BankSDKError.timedOut: no response after \(seconds) s"
    case .certificatePinningFailed(let host):
      "BankSDKError.certificatePinningFailed: the certificate of \(host) is not pinned"
    }
  }
}
