// Variant: (harness of right-logger-box-and-task-handle) awaits the Task that reload()
// returns.

@MainActor
public func makeAccountsViewModel(
  repository: any AccountsRepository,
  analytics: any AnalyticsTracker
) -> AccountsViewModel {
  AccountsViewModel(repository: repository, analytics: analytics)
}

@MainActor
public func loadAccounts(on viewModel: AccountsViewModel) async {
  await viewModel.reload().value
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
