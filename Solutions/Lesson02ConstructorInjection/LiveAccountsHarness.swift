// The harness of Task 8: the only door the tests use to reach your adapter. Keep it as it
// is: its body already builds the adapter you write in LiveAccountsRepository.swift.

/// Builds the live accounts repository the way the app's composition root would, over the
/// bank's SDK it is given.
///
/// - Parameter sdk: The bank's SDK, already connected.
/// - Returns: The screen's repository, backed by exactly this SDK.
public func makeLiveAccountsRepository(sdk: BankSDK) -> any AccountsRepository {
  LiveAccountsRepository(sdk: sdk)
}
