import Foundation

/// A bank account as the accounts screen shows it.
public struct Account: Codable, Equatable, Sendable {
  /// The bank's identifier for the account.
  public var id: String
  /// The balance in cents.
  public var balance: Int

  /// Creates an account with its identifier and balance in cents.
  public init(id: String, balance: Int) {
    self.id = id
    self.balance = balance
  }
}

/// Where the accounts screen gets its accounts from.
public protocol AccountsRepository: AnyObject, Sendable {
  /// Returns the signed-in customer's accounts.
  ///
  /// - Throws: What the underlying client throws, or a decoding error.
  func fetchAccounts() async throws -> [Account]
}

/// Reads accounts from the bank's API through an ``HTTPClient``.
public final class RemoteAccountsRepository: AccountsRepository {
  /// The client every request goes through.
  public let client: any HTTPClient

  /// Creates a repository that sends its requests through `client`.
  public init(client: any HTTPClient) {
    self.client = client
  }

  public func fetchAccounts() async throws -> [Account] {
    let data = try await client.get("/accounts")
    return try JSONDecoder().decode([Account].self, from: data)
  }
}
