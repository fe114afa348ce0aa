import Foundation
import Lesson01TightCoupling
import Testing

@Suite("Task 3 — Take the clock from outside", .freshInternet)
@MainActor
struct Task3Tests {
  @Test("The activity text reads the injected clock")
  func activityTextReadsTheInjectedClock() async throws {
    let screen = Screen(Sample.grace(lastActiveAt: Sample.morning - 2 * 3_600))

    await screen.viewModel.load(userID: "grace")

    try requireLoaded(screen, Sample.grace(lastActiveAt: Sample.morning - 2 * 3_600))
    #expect(
      screen.viewModel.activityText == "Active 2 h ago",
      """
      Grace was last active at 07:00 and the test's clock says 09:00 on 14 March 2025, so \
      the text should be "Active 2 h ago". It is \
      \(quoted(screen.viewModel.activityText)). Read the time from the `now` \
      closure passed to makeProfileViewModel, not from Date().
      """
    )
  }

  @Test("Someone seen seconds ago by the injected clock is active now")
  func secondsAgoIsActiveNow() async throws {
    let profile = Sample.grace(lastActiveAt: Sample.morning - 20)
    let screen = Screen(profile)

    await screen.viewModel.load(userID: "grace")

    try requireLoaded(screen, profile)
    #expect(
      screen.viewModel.activityText == "Active now",
      """
      Grace was last active 20 seconds before the test's clock, so the text should be \
      "Active now". It is \(quoted(screen.viewModel.activityText)).
      """
    )
  }

  @Test("The activity text reads the clock each time it is shown")
  func activityTextReadsTheClockEachTime() async throws {
    let profile = Sample.alan(lastActiveAt: Sample.morning - 5 * 60)
    let screen = Screen(profile)

    await screen.viewModel.load(userID: "alan")
    try requireLoaded(screen, profile)
    let before = screen.viewModel.activityText
    // The screen stays open: no new load, only time passes.
    screen.clock.advance(by: 3 * 86_400)
    let after = screen.viewModel.activityText

    #expect(
      before == "Active 5 min ago" && after == "Active 3 d ago",
      """
      The profile was loaded once, then the test's clock moved three days forward while \
      the screen stayed open (no second load). The text should go from \
      "Active 5 min ago" to "Active 3 d ago"; it went from \(quoted(before)) to \
      \(quoted(after)). Keep the clock itself, the closure, and call it each time \
      activityText is read: a time read once (when the view model is built, or when it \
      loads) is stale a minute later.
      """
    )
  }

  private func requireLoaded(_ screen: Screen, _ profile: UserProfile) throws {
    try #require(
      screen.viewModel.state == .loaded(profile),
      """
      This test needs the profile from the fake service first, but the screen shows \
      \(screen.viewModel.state). Finish Task 1, then come back.
      """
    )
  }
}
