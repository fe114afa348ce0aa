/// The production repository: an adapter that gets the accounts from the bank's SDK and
/// answers in the screen's terms.
///
/// It depends on two things it does not own the shape of: the screen's
/// ``AccountsRepository`` protocol, which it conforms to, and the bank's ``BankSDK``, which
/// it is given. The screen knows neither the SDK nor this adapter; the SDK knows nothing of
/// the app. In a modular app the adapter lives in the app target or a module of its own
/// that imports both the feature module and the SDK.
///
/// Source: Erich Gamma, Richard Helm, Ralph Johnson and John Vlissides, "Design Patterns"
/// (Addison-Wesley, 1994): Adapter.
public struct LiveAccountsRepository: AccountsRepository {
  private let sdk: BankSDK

  /// Creates the adapter. It sends nothing until asked for the accounts.
  ///
  /// - Parameter sdk: The bank's SDK, connected by the composition root.
  public init(sdk: BankSDK) {
    self.sdk = sdk
  }

  /// Asks the SDK once and maps its answer.
  ///
  /// - Returns: The records as ``Account`` values, in the bank's order.
  /// - Throws: ``AccountsUnavailable`` when the SDK throws, when the status code is not
  ///   `2xx`, or when a balance cannot be read. It never retries: whether to ask again is
  ///   the customer's decision, on the screen.
  public func fetchAccounts() async throws -> [Account] {
    let response: BankAccountsResponse
    do {
      response = try await sdk.listAccounts()
    } catch .offline {
      throw AccountsUnavailable.offline
    } catch {
      throw AccountsUnavailable.bankUnreachable
    }
    guard (200..<300).contains(response.statusCode) else {
      throw AccountsUnavailable.bankUnreachable
    }
    return try response.records.map { record in
      guard let cents = Self.cents(from: record.balance) else {
        throw AccountsUnavailable.bankUnreachable
      }
      return Account(id: record.accountNumber, name: record.displayName, balanceInCents: cents)
    }
  }

  /// Reads the SDK's two-decimal string (`"-12.30"`) as whole cents (`-1230`), with no
  /// floating point on the way, so no cent is lost to rounding.
  ///
  /// - Returns: `nil` unless the string is exactly the SDK's format: an optional `-`, one or
  ///   more digits `0`–`9`, a point, and two digits `0`–`9`; nothing else, not even a space.
  private static func cents(from balance: String) -> Int? {
    let isNegative = balance.hasPrefix("-")
    let parts = balance.dropFirst(isNegative ? 1 : 0)
      .split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, parts[1].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isDigitZeroToNine) }),
      let cents = Int(parts[0] + parts[1])
    else { return nil }
    return isNegative ? -cents : cents
  }
}

extension Character {
  /// Whether this is one of the ASCII digits `0` to `9` (not `٣`, not `½`, not `+`).
  fileprivate var isDigitZeroToNine: Bool { isASCII && isWholeNumber }
}

extension AccountsUnavailable {
  /// The device is offline: something the customer can fix.
  static let offline = AccountsUnavailable(
    message: "You seem to be offline. Check your connection and try again.")
  /// The bank did not answer as it should: nothing the customer can do but try later.
  static let bankUnreachable = AccountsUnavailable(
    message: "Your accounts cannot be shown right now. Please try again in a few minutes.")
}
