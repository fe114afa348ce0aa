/// What the accounts screen shows, as the tests read it.
///
/// Your view model may keep its state in this enum or in separate properties; the
/// harness function `screenState(of:)` turns whatever it keeps into one of these cases.
public enum AccountsScreenState: Equatable, Sendable {
  /// Nothing was asked for yet.
  case idle
  /// A request for the accounts is running.
  case loading
  /// The request succeeded and the customer has no accounts.
  case empty
  /// The request succeeded with these accounts, in the bank's order.
  case content([Account])
  /// The request failed; `message` is the error's message, for the customer to read.
  case failure(message: String)
}
