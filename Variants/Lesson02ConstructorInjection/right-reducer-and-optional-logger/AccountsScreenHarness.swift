// Variant: (harness of right-reducer-and-optional-logger) opens the existential channel
// for the generic `share`, and sets the Optional logger.

@MainActor
public func makeAccountsViewModel(
  repository: any AccountsRepository,
  analytics: any AnalyticsTracker
) -> AccountsViewModel {
  AccountsViewModel(repository: repository, analytics: analytics)
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
  viewModel.share(accountID: accountID, via: channel)
}

@MainActor
public func attachLogger(_ logger: any AccountsLogger, to viewModel: AccountsViewModel) {
  viewModel.logger = logger
}
