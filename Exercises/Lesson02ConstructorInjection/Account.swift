/// One bank account as the accounts screen lists it.
public struct Account: Identifiable, Equatable, Sendable {
  /// The bank's identifier for the account, for example `"chk-001"`.
  public let id: String
  /// The name the customer gave the account, for example `"Everyday Checking"`.
  public let name: String
  /// The balance in cents, so that no rounding ever happens on the way to the screen.
  public let balanceInCents: Int

  /// Creates an account.
  ///
  /// - Parameters:
  ///   - id: The bank's identifier for the account.
  ///   - name: The name the customer gave the account.
  ///   - balanceInCents: The balance in cents.
  public init(id: String, name: String, balanceInCents: Int) {
    self.id = id
    self.name = name
    self.balanceInCents = balanceInCents
  }
}
