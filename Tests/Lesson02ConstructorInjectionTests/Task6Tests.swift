import Lesson02ConstructorInjection
import Synchronization
import Testing

@Suite("Task 6 — Pass the share channel to the method", .noLiveObjects)
@MainActor
struct Task6Tests {
  @Test(
    "Sharing sends that account to the channel passed in", arguments: [Sample.rent, Sample.travel])
  func shareUsesTheGivenChannel(account: Account) async {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success([Sample.travel, Sample.rent])),
      analytics: AnalyticsSpy()
    )
    await loadAccounts(on: viewModel)
    let mail = ShareChannelSpy()

    shareAccount(account.id, on: viewModel, via: mail)

    #expect(
      mail.shared == [account],
      """
      Sharing \(account.shown) via the channel passed to shareAccount(_:on:via:) should send \
      exactly that account to it, as listed; the channel received \(mail.shared.shown). \
      Does the view model still pick a channel itself?
      """
    )
  }

  @Test(
    "When two listed accounts share an id, sharing it sends the first listed, once",
    arguments: [
      [Sample.gifts, Sample.rent, Sample.giftsAgain], [Sample.giftsAgain, Sample.gifts],
    ]
  )
  func sharedIdSendsTheFirstListed(listed: [Account]) async {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success(listed)),
      analytics: AnalyticsSpy()
    )
    await loadAccounts(on: viewModel)
    let mail = ShareChannelSpy()
    let first = listed[0]

    shareAccount(first.id, on: viewModel, via: mail)

    #expect(
      mail.shared == [first],
      """
      The screen lists \(listed.shown), two of them with the id "\(first.id)". Sharing \
      "\(first.id)" sent \(mail.shared.shown) to the channel; it should send one account, \
      the first listed with that id, \(first.shown). The customer tapped one row: a share \
      sends one account, never two, and an id shared by two accounts picks the first.
      """
    )
  }

  @Test("Each share goes to the channel chosen for that call")
  func eachShareUsesItsOwnChannel() async {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success([Sample.travel, Sample.rent])),
      analytics: AnalyticsSpy()
    )
    await loadAccounts(on: viewModel)
    let mail = ShareChannelSpy()
    let messages = ShareChannelSpy()

    shareAccount(Sample.travel.id, on: viewModel, via: mail)
    shareAccount(Sample.rent.id, on: viewModel, via: messages)

    #expect(
      mail.shared == [Sample.travel] && messages.shared == [Sample.rent],
      """
      "Travel Fund" was shared via mail, then "Rent" via messages. Mail received \
      \(mail.shared.shown), messages received \(messages.shared.shown). \
      The channel belongs to one call: use it, do not keep it for the next.
      """
    )
  }

  @Test(
    "Sharing one account through two channels reaches both",
    arguments: [Sample.rent, Sample.travel])
  func sameAccountSharedThroughTwoChannels(account: Account) async {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success([Sample.travel, Sample.rent])),
      analytics: AnalyticsSpy()
    )
    await loadAccounts(on: viewModel)
    let mail = ShareChannelSpy()
    let messages = ShareChannelSpy()

    shareAccount(account.id, on: viewModel, via: mail)
    shareAccount(account.id, on: viewModel, via: messages)

    #expect(
      mail.shared == [account] && messages.shared == [account],
      """
      "\(account.name)" was shared via mail, then again via messages. Mail received \
      \(mail.shared.shown), messages received \(messages.shared.shown); each \
      should have received it once. Every share is a call of its own, through the channel \
      picked for it: a second share of the same account is not a repeat to ignore.
      """
    )
  }

  @Test("After sharing, the view model keeps no reference to the channel")
  func channelIsNotKept() async throws {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success([Sample.travel, Sample.rent])),
      analytics: AnalyticsSpy()
    )
    await loadAccounts(on: viewModel)
    weak var firstChannel: ShareChannelSpy?
    weak var lastChannel: ShareChannelSpy?
    var received: [Account] = []
    do {
      let messages = ShareChannelSpy()
      let mail = ShareChannelSpy()
      firstChannel = messages
      lastChannel = mail
      shareAccount(Sample.travel.id, on: viewModel, via: messages)
      shareAccount(Sample.rent.id, on: viewModel, via: mail)
      received = mail.shared
    }

    try #require(
      received == [Sample.rent],
      """
      This test checks what the view model keeps after a share, but sharing "Rent" via the \
      channel passed to shareAccount(_:on:via:) sent it \(received.shown). \
      Make "Sharing sends that account to the channel passed in" pass first.
      """
    )
    withExtendedLifetime(viewModel) {
      #expect(
        firstChannel == nil && lastChannel == nil,
        """
        The test shared twice, through two channels, and then dropped both; but something \
        still keeps \(lastChannel != nil ? "the last channel" : "the first channel") \
        alive: the view model (or what it holds, a stored property or a stored closure) kept a reference \
        to the channel of a call that is over. The customer picks a channel on each tap, so \
        it is an input of one call: pass it to `share`, use it, and keep nothing.
        """
      )
    }
  }

  @Test(
    "While it shares, the view model holds the channel in no property",
    arguments: [Sample.rent, Sample.travel])
  func channelIsNotHeldDuringTheShare(account: Account) async throws {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success([Sample.travel, Sample.rent])),
      analytics: AnalyticsSpy()
    )
    await loadAccounts(on: viewModel)
    let channel = InspectingShareChannel(inspecting: viewModel)

    shareAccount(account.id, on: viewModel, via: channel)

    try #require(
      channel.shared == [account],
      """
      This test looks at the view model while the channel shares, but sharing \
      \(account.shown) via the channel passed to shareAccount(_:on:via:) sent it \
      \(channel.shared.shown). Make "Sharing sends that account to the channel passed in" \
      pass first.
      """
    )
    let how =
      channel.heldWhileSharing.contains(.optionally)
      ? "in an Optional, such as a `var shareChannel: (any ShareChannel)?`"
      : "in a property of its own"
    #expect(
      channel.heldWhileSharing == [.notVisible],
      """
      While the channel shared \(account.shown), it found itself among the view model's \
      stored properties (\(how)), even if the property is cleared afterwards. The harness set the channel before the \
      share: that is property injection of an input of one call, and a caller who forgets \
      to set it shares through the previous pick. Pass the channel to `share` as a parameter.
      """
    )
  }

  @Test(
    "Sharing uses the accounts of the latest load",
    arguments: [(Sample.rent, Sample.travel), (Sample.gifts, Sample.rent)]
  )
  func shareUsesTheLatestAccounts(listed: Account, gone: Account) async {
    let repository = FakeAccountsRepository(.success([gone]))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())
    await loadAccounts(on: viewModel)
    repository.answer(.success([listed]))
    await loadAccounts(on: viewModel)
    let channel = ShareChannelSpy()

    shareAccount(gone.id, on: viewModel, via: channel)
    shareAccount(listed.id, on: viewModel, via: channel)

    #expect(
      channel.shared == [listed],
      """
      The first load listed "\(gone.name)", the reload only "\(listed.name)". The test then \
      shared both; the channel received \(channel.shared.shown), but should have \
      received only "\(listed.name)": a share picks from what the screen lists now, not from \
      an earlier load.
      """
    )
  }

  @Test(
    "After a reload with no accounts, sharing shares nothing",
    arguments: [[Sample.rent, Sample.gifts], [Sample.travel]]
  )
  func nothingIsSharedAfterAnEmptyReload(first: [Account]) async {
    let repository = FakeAccountsRepository(.success(first))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())
    await loadAccounts(on: viewModel)
    repository.answer(.success([]))
    await loadAccounts(on: viewModel)
    let channel = ShareChannelSpy()

    for account in first { shareAccount(account.id, on: viewModel, via: channel) }

    #expect(
      channel.shared.isEmpty,
      """
      The first load listed \(first.map(\.name)); the reload answered no accounts, so the \
      screen is empty and lists none. Sharing them then sent \(channel.shared.shown) to \
      the channel; it should send nothing: a share picks from what the screen lists now, \
      and after an empty answer that is nothing.
      """
    )
  }

  @Test("After a failed reload, sharing shares nothing", arguments: BankOutage.both)
  func nothingIsSharedAfterAFailedReload(error: BankOutage) async {
    let repository = FakeAccountsRepository(.success([Sample.rent, Sample.gifts]))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())
    await loadAccounts(on: viewModel)
    repository.answer(.failure(error))
    await loadAccounts(on: viewModel)
    let channel = ShareChannelSpy()

    shareAccount(Sample.rent.id, on: viewModel, via: channel)

    #expect(
      channel.shared.isEmpty,
      """
      The first load listed \([Sample.rent, Sample.gifts].map(\.name)); the reload failed, so \
      the screen shows the failure and lists no account. Sharing "\(Sample.rent.name)" then \
      sent \(channel.shared.shown) to the channel; it should send nothing: a share picks \
      from what the screen lists now, and after a failure that is nothing.
      """
    )
  }
}

/// A share channel that, at the moment it is asked to share, looks for itself among the
/// stored properties of the view model that asked, and remembers how it was held.
private final class InspectingShareChannel: ShareChannel {
  private let viewModel: AccountsViewModel
  private let seen = Mutex<(shared: [Account], held: [Holding])>(([], []))

  init(inspecting viewModel: AccountsViewModel) { self.viewModel = viewModel }

  /// The accounts it was asked to share, in order.
  var shared: [Account] { seen.withLock { $0.shared } }
  /// How the view model held this channel at each share.
  var heldWhileSharing: [Holding] { seen.withLock { $0.held } }

  func share(_ account: Account) {
    let held = holding(of: self, in: viewModel)
    seen.withLock {
      $0.shared.append(account)
      $0.held.append(held)
    }
  }
}

extension Account {
  /// The account in a message, every field shown: `"Rent" (rnt-2, 120000 cents)`.
  fileprivate var shown: String { "\"\(name)\" (\(id), \(balanceInCents) cents)" }
}

extension [Account] {
  /// The accounts in a message, every field shown.
  fileprivate var shown: String { "[" + map(\.shown).joined(separator: ", ") + "]" }
}
