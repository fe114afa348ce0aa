// Variant: (harness of right-closure-seams) turns the injected protocols into the
// closures the view model asks for.

@MainActor
public func makeAccountsViewModel(
  repository: any AccountsRepository,
  analytics: any AnalyticsTracker
) -> AccountsViewModel {
  AccountsViewModel(
    fetchAccounts: { try await repository.fetchAccounts() },
    track: { analytics.track($0) }
  )
}

@MainActor
public func loadAccounts(on viewModel: AccountsViewModel) async {
  await viewModel.load()
}

@MainActor
public func screenState(of viewModel: AccountsViewModel) -> AccountsScreenState {
  viewModel.state
}

@MainActor
public func shareAccount(
  _ accountID: Account.ID,
  on viewModel: AccountsViewModel,
  via channel: any ShareChannel
) {
  viewModel.share(accountID: accountID, using: channel.share)
}

@MainActor
public func attachLogger(_ logger: any AccountsLogger, to viewModel: AccountsViewModel) {
  viewModel.log = { logger.log($0) }
}
