/// The production repository: where the screen's accounts come from in the app.
///
/// Today it answers with two made-up accounts and never talks to the bank. The bank is
/// reached through its SDK (`BankSDK.swift`, vendor code you do not edit), which speaks in
/// its own records, status codes and errors.
public struct LiveAccountsRepository: AccountsRepository {
  // TODO: Task 8 — the composition root hands over the bank's SDK here; this is the only
  // type in the app that may know it.
  public init(sdk: BankSDK) {}

  public func fetchAccounts() async throws -> [Account] {
    // TODO: Task 8 — the accounts are the bank's, and the screen understands only its own
    // `Account` values and errors it can show.
    [
      Account(id: "chk-001", name: "Everyday Checking", balanceInCents: 124_050),
      Account(id: "sav-001", name: "Rainy Day Savings", balanceInCents: 980_000),
    ]
  }
}
