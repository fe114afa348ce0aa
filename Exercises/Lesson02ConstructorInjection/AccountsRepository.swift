/// Where the accounts screen gets its accounts from.
///
/// The protocol is shaped by what the screen needs, one call, not by everything the
/// bank's API can do. A small protocol is easy to fake in a test and easy to implement
/// again for a preview.
public protocol AccountsRepository: Sendable {
  /// Fetches the customer's accounts, in the order the bank lists them.
  ///
  /// - Returns: The accounts; an empty array when the customer has none.
  /// - Throws: Whatever went wrong on the way: the network, the server, decoding.
  func fetchAccounts() async throws -> [Account]
}

/// The production repository: asks the bank's server for the customer's accounts.
///
/// In this kata the server is simulated: the repository reports to `OutsideWorld.current`
/// when it is created (it opens a connection) and on each request, and answers with two
/// demo accounts. What matters is what it stands for: something slow, shared and out of
/// your control that a unit test must not depend on.
public struct LiveAccountsRepository: AccountsRepository {
  /// The host the requests would go to.
  public let host: String

  /// Creates the production repository.
  ///
  /// - Parameter host: The bank's API host.
  public init(host: String = "api.example-bank.com") {
    self.host = host
    OutsideWorld.current.record(.connection(host: host))
  }

  public func fetchAccounts() async throws -> [Account] {
    OutsideWorld.current.record(.accountsRequest(host: host))
    return [
      Account(id: "chk-001", name: "Everyday Checking", balanceInCents: 124_050),
      Account(id: "sav-001", name: "Rainy Day Savings", balanceInCents: 980_000),
    ]
  }
}
