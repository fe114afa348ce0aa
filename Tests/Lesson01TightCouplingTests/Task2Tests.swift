import Foundation
import Lesson01TightCoupling
import Testing

@Suite("Task 2 — Take the analytics tracker from outside", .freshInternet)
@MainActor
struct Task2Tests {
  @Test(
    "Guard: a live tracker opens one analytics session as it is created",
    arguments: ["key-staging", "key-demo"]
  )
  func aLiveTrackerOpensASessionWhenCreated(apiKey: String) {
    // Every "no live tracker in a test" check counts these sessions; if a live tracker
    // opened none, those checks would pass whatever the view model built.
    let internet = Internet()
    Internet.$current.withValue(internet) {
      _ = LiveAnalyticsTracker(apiKey: apiKey)
    }

    #expect(
      internet.traffic == [.analyticsSession(apiKey: apiKey)],
      """
      Creating LiveAnalyticsTracker(apiKey: "\(apiKey)") should open exactly one session \
      with the vendor, and send nothing else. The internet saw: \(internet.traffic). \
      LiveAnalyticsTracker and Internet are given code: put them back as the starter had them.
      """
    )
  }

  @Test("Loading a profile is reported to the injected tracker", arguments: ["grace", "alan"])
  func loadingIsReportedToTheInjectedTracker(userID: String) async {
    let screen = Screen(Sample.grace(), Sample.alan())

    await screen.viewModel.load(userID: userID)

    #expect(
      screen.analytics.events == [.profileViewed(userID: userID)],
      """
      After loading \(userID)'s profile the analytics spy passed to makeProfileViewModel \
      should hold exactly [profile_viewed [user_id: \(userID)]]. It holds \
      \(screen.analytics.events). Does the view model still build its own \
      LiveAnalyticsTracker, or does makeProfileViewModel drop its `analytics` parameter?
      """
    )
  }

  @Test(
    "A failed load is reported to the injected tracker",
    arguments: [LoadFailure.unknownUser, .outage, .offline]
  )
  func aFailedLoadIsReportedToTheInjectedTracker(failure: LoadFailure) async {
    let screen = failure.screen()

    await screen.viewModel.load(userID: failure.userID)

    #expect(
      screen.analytics.events == [.profileLoadFailed(userID: failure.userID)],
      """
      When loading fails (\(failure.testDescription)), the injected tracker should receive \
      exactly [profile_load_failed [user_id: \(failure.userID)]]. It received \
      \(screen.analytics.events). Every failed load is reported, whatever failed: a network \
      error (a URLError too) is a failed load like any other.
      """
    )
  }

  @Test("Each view model reports to the tracker it was given")
  func eachViewModelKeepsItsOwnTracker() async {
    let first = Screen(Sample.grace())
    let second = Screen(Sample.alan())  // built after `first`, before either loads

    await first.viewModel.load(userID: "grace")
    let secondBeforeItsLoad = second.analytics.events
    await second.viewModel.load(userID: "alan")

    #expect(
      first.analytics.events == [.profileViewed(userID: "grace")]
        && secondBeforeItsLoad.isEmpty
        && second.analytics.events == [.profileViewed(userID: "alan")],
      """
      Two view models were built with two spies; the first loaded Grace, then the second \
      loaded Alan. Each spy should hold only its own view model's event. First spy: \
      \(first.analytics.events); second spy, before its own load: \(secondBeforeItsLoad), \
      after: \(second.analytics.events). \(
        first.analytics.events.isEmpty && second.analytics.events.isEmpty
        ? "Neither spy heard anything: the view model does not report to the tracker it is "
          + "given yet."
        : "A tracker kept in a static or global variable is shared by every view model, and "
          + "the last one built wins.")
      """
    )
  }

  @Test("Every load is reported, in order, after a success and after a failure")
  func everyLoadIsReported() async {
    let screen = Screen(Sample.grace(), Sample.alan())

    await screen.viewModel.load(userID: "grace")
    await screen.viewModel.load(userID: "nobody")
    await screen.viewModel.load(userID: "alan")

    #expect(
      screen.analytics.events == [
        .profileViewed(userID: "grace"),
        .profileLoadFailed(userID: "nobody"),
        .profileViewed(userID: "alan"),
      ],
      """
      The test loaded grace (found), nobody (unknown) and alan (found) on one screen. The \
      injected spy should hold [profile_viewed grace, profile_load_failed nobody, \
      profile_viewed alan]; it holds \(screen.analytics.events). Every load reports its \
      own outcome to the tracker the view model was given.
      """
    )
  }

  @Test(
    "A load that fails again is reported again",
    arguments: [LoadFailure.unknownUser, .outage, .offline]
  )
  func aLoadThatFailsAgainIsReportedAgain(failure: LoadFailure) async {
    let screen = failure.screen()

    await screen.viewModel.load(userID: failure.userID)
    await screen.viewModel.load(userID: failure.userID)

    let failed = AnalyticsEvent.profileLoadFailed(userID: failure.userID)
    #expect(
      screen.analytics.events == [failed, failed],
      """
      Loading \(failure.userID) failed twice in a row (\(failure.testDescription)). The \
      injected spy should hold profile_load_failed twice, one per load; it holds \
      \(screen.analytics.events). Each failed load is an event of its own, the same \
      failure again included: the tracker decides what to count.
      """
    )
  }

  @Test(
    "Loading a user again is reported again",
    arguments: [
      ["grace", "grace"], ["alan", "grace", "alan"],
      Array(repeating: "grace", count: 6), Array(repeating: "alan", count: 11) + ["grace"],
    ]
  )
  func loadingAgainIsReportedAgain(userIDs: [String]) async {
    let screen = Screen(Sample.grace(), Sample.alan())

    for userID in userIDs {
      await screen.viewModel.load(userID: userID)
    }

    let expected = userIDs.map { AnalyticsEvent.profileViewed(userID: $0) }
    #expect(
      screen.analytics.events == expected,
      """
      The test loaded \(userIDs) one after the other on one screen, each found. The \
      injected spy should hold one profile_viewed per load, in order: \(expected). It \
      holds \(screen.analytics.events). Every load is a view to report, the same user \
      again included, however many times: the tracker the view model was given decides \
      what to count.
      """
    )
  }

  @Test("Building and using the view model sends no real analytics")
  func noRealAnalyticsLeaveATest() async {
    let screen = Screen(Sample.grace())

    await screen.viewModel.load(userID: "grace")

    let sent = Internet.current.traffic.filter(\.isAnalytics)
    #expect(
      sent.isEmpty,
      """
      A test must never send real analytics: they would count in the app's real \
      statistics. During this test the analytics vendor received:
      \(listing(sent))
      A LiveAnalyticsTracker opens a session as soon as it is created, so none may be \
      built when the test hands in a spy: not as a stored property's starting value, not \
      as a default argument that makeProfileViewModel forgets to override.
      """
    )
  }
}
