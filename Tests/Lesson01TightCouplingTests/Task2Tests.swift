import Foundation
import Lesson01TightCoupling
import Testing

@Suite("Task 2 — Take the analytics tracker from outside", .freshInternet)
@MainActor
struct Task2Tests {
  @Test("Loading a profile is reported to the injected tracker")
  func loadingIsReportedToTheInjectedTracker() async {
    let screen = Screen(Sample.grace())

    await screen.viewModel.load(userID: "grace")

    #expect(
      screen.analytics.events == [.profileViewed(userID: "grace")],
      """
      After loading Grace's profile the analytics spy passed to makeProfileViewModel \
      should hold exactly [profile_viewed [user_id: grace]]. It holds \
      \(screen.analytics.events). Does the view model still build its own \
      LiveAnalyticsTracker, or does makeProfileViewModel drop its `analytics` parameter?
      """
    )
  }

  @Test("A failed load is reported to the injected tracker")
  func aFailedLoadIsReportedToTheInjectedTracker() async {
    let screen = Screen()  // a fake that knows nobody, so it throws

    await screen.viewModel.load(userID: "nobody")

    #expect(
      screen.analytics.events == [.profileLoadFailed(userID: "nobody")],
      """
      When loading fails, the injected tracker should receive exactly \
      [profile_load_failed [user_id: nobody]]. It received \(screen.analytics.events).
      """
    )
  }

  @Test("Each view model reports to the tracker it was given")
  func eachViewModelKeepsItsOwnTracker() async {
    let first = Screen(Sample.grace())
    let second = Screen(Sample.alan())

    await first.viewModel.load(userID: "grace")

    #expect(
      first.analytics.events == [.profileViewed(userID: "grace")]
        && second.analytics.events.isEmpty,
      """
      Only the first view model loaded, so only its spy should hold an event. \
      First spy: \(first.analytics.events); second spy: \(second.analytics.events). \
      Keep the tracker in the instance, not in a static or global variable.
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
