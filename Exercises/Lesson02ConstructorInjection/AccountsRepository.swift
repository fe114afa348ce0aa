import Foundation

/// Where the accounts screen gets its accounts from.
///
/// The protocol belongs to the screen and is shaped by what the screen needs: one call,
/// with the screen's own `Account` and an error the screen can show, not everything the
/// bank's API can do. A small protocol is easy to fake in a test and easy to implement
/// again for a preview; the live implementation, an adapter over the bank's SDK, depends
/// on it, not the other way round.
///
/// Source: Robert C. Martin, "The Dependency Inversion Principle" (C++ Report, 1996).
public protocol AccountsRepository: Sendable {
  /// Fetches the customer's accounts, in the order the bank lists them.
  ///
  /// - Returns: The accounts; an empty array when the customer has none.
  /// - Throws: Whatever went wrong on the way. The live repository throws
  ///   ``AccountsUnavailable``, whose message the screen shows as it is.
  func fetchAccounts() async throws -> [Account]
}

/// The accounts cannot be shown right now: the error the screen shows the customer.
///
/// It is the screen's error, in the screen's words. Whatever went wrong below (no network,
/// a server error, a status code) is turned into one of these before it reaches the
/// screen, so the screen never needs to know the SDK's errors or HTTP.
public struct AccountsUnavailable: LocalizedError, Equatable, Sendable, CustomStringConvertible {
  /// A sentence for the customer, for example "Your accounts cannot be shown right now.".
  public let message: String

  /// Creates the error.
  ///
  /// - Parameter message: A sentence for the customer: what happened and what they can do.
  public init(message: String) {
    self.message = message
  }

  public var errorDescription: String? { message }

  public var description: String { message }
}
