// NB: Vendor code. This file stands for a third-party SDK that your app links and does not
// own: do not edit it. The accounts screen must not know it exists; only the adapter,
// `LiveAccountsRepository`, talks to it (Task 8).

/// The bank's SDK, as the bank ships it: its own record type, its own field names, its own
/// errors, and an HTTP status code in every answer.
///
/// Creating a `BankSDK` opens a connection to the bank's host; each call of
/// ``listAccounts()`` sends one request. In this kata both report to `OutsideWorld.current`,
/// and the server behind the SDK is simulated: the `server` closure given to `init` answers
/// each request, like the mock transport many real SDKs accept for tests.
///
/// ```swift
/// let sdk = BankSDK(host: "api.example-bank.com")
/// let response = try await sdk.listAccounts()
/// print(response.statusCode, response.records.map(\.displayName))
/// ```
public final class BankSDK: Sendable {
  /// Answers one request for the account list: a response with a status code, or an error.
  public typealias Server = @Sendable () async throws(BankSDKError) -> BankAccountsResponse

  /// The host this SDK is connected to.
  public let host: String

  private let server: Server

  /// Opens a connection to the bank's host.
  ///
  /// - Parameters:
  ///   - host: The bank's API host.
  ///   - server: What answers each request; by default, the bank's demo server, which
  ///     answers `200` with two demo accounts.
  public init(host: String = "api.example-bank.com", server: @escaping Server = demoServer) {
    self.host = host
    self.server = server
    OutsideWorld.current.record(.connection(host: host))
  }

  /// Sends one request for the customer's accounts.
  ///
  /// The SDK does not retry, and it does not judge the status code: a `404` or a `503`
  /// comes back as a response like a `200` does.
  ///
  /// - Returns: The server's status code and the account records it sent, in its order.
  /// - Throws: ``BankSDKError`` when no answer arrived at all.
  public func listAccounts() async throws(BankSDKError) -> BankAccountsResponse {
    OutsideWorld.current.record(.accountsRequest(host: host))
    return try await server()
  }

  /// The bank's demo server: answers every request with `200` and two demo accounts.
  public static let demoServer: Server = {
    BankAccountsResponse(
      statusCode: 200,
      records: [
        BankAccountRecord(
          accountNumber: "chk-001", displayName: "Everyday Checking", balance: "1240.50"),
        BankAccountRecord(
          accountNumber: "sav-001", displayName: "Rainy Day Savings", balance: "9800.00"),
      ]
    )
  }
}

/// One account as the bank's SDK describes it, in the bank's words.
public struct BankAccountRecord: Equatable, Sendable {
  /// The bank's number for the account, for example `"chk-001"`.
  public var accountNumber: String
  /// The name the customer gave the account.
  public var displayName: String
  /// The balance in the account's currency, as a decimal string with exactly two digits
  /// after the point and a leading `-` when negative: `"1240.50"`, `"0.07"`, `"-12.30"`.
  public var balance: String

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - accountNumber: The bank's number for the account.
  ///   - displayName: The name the customer gave the account.
  ///   - balance: The balance as a decimal string with two digits after the point.
  public init(accountNumber: String, displayName: String, balance: String) {
    self.accountNumber = accountNumber
    self.displayName = displayName
    self.balance = balance
  }
}

/// What the bank's server answered to a request for the account list.
public struct BankAccountsResponse: Equatable, Sendable {
  /// The HTTP status code: `2xx` means the server did what was asked.
  public var statusCode: Int
  /// The records the server sent, in its order; empty when it sent none.
  public var records: [BankAccountRecord]

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - statusCode: The HTTP status code.
  ///   - records: The records, in the server's order.
  public init(statusCode: Int, records: [BankAccountRecord]) {
    self.statusCode = statusCode
    self.records = records
  }
}
