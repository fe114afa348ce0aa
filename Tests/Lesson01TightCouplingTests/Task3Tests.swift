import Foundation
import Lesson01TightCoupling
import Testing

@Suite("Task 3 — Take the clock from outside", .freshInternet)
@MainActor
struct Task3Tests {
  /// A clock reading, a last activity some time before it, and the text that gap shows.
  struct Gap: Sendable, CustomTestStringConvertible {
    let now: Date
    let ago: TimeInterval
    let text: String

    var testDescription: String { "\(text) at \(now.formatted(.iso8601))" }
  }

  @Test(
    "The activity text reads the injected clock",
    arguments: [
      Gap(now: Sample.morning, ago: 2 * 3_600, text: "Active 2 h ago"),
      Gap(now: Sample.evening, ago: 45 * 60, text: "Active 45 min ago"),
      Gap(now: Sample.future, ago: 3 * 86_400, text: "Active 3 d ago"),
    ]
  )
  func activityTextReadsTheInjectedClock(gap: Gap) async throws {
    let profile = Sample.grace(lastActiveAt: gap.now - gap.ago)
    let screen = Screen(profile, now: gap.now)

    await screen.viewModel.load(userID: "grace")

    try requireLoaded(screen, profile)
    #expect(
      screen.viewModel.activityText == gap.text,
      """
      The test's clock says \(gap.now.formatted(.iso8601)) and Grace was last active \
      \(Int(gap.ago / 60)) minutes before that, so the text should be "\(gap.text)". \
      It is \(quoted(screen.viewModel.activityText)). The current time should come from \
      the clock the view model was given, not from Date().
      """
    )
  }

  @Test(
    "Someone seen seconds ago by the injected clock is active now",
    arguments: [Sample.morning, Sample.evening]
  )
  func secondsAgoIsActiveNow(now: Date) async throws {
    let profile = Sample.grace(lastActiveAt: now - 20)
    let screen = Screen(profile, now: now)

    await screen.viewModel.load(userID: "grace")

    try requireLoaded(screen, profile)
    #expect(
      screen.viewModel.activityText == "Active now",
      """
      Grace was last active 20 seconds before the test's clock \
      (\(now.formatted(.iso8601))), so the text should be "Active now". It is \
      \(quoted(screen.viewModel.activityText)).
      """
    )
  }

  @Test(
    "A last activity after the injected clock's time is active now, by that clock alone",
    arguments: [
      Gap(now: Sample.morning, ago: -3_600, text: "Active now"),
      Gap(now: Sample.evening, ago: -3 * 86_400, text: "Active now"),
    ]
  )
  func aLastActivityAheadOfTheClockIsActiveNow(gap: Gap) async throws {
    // The server's clock and the device's disagree: Grace was "last active" after the
    // test's clock says it is now.
    let profile = Sample.grace(lastActiveAt: gap.now - gap.ago)
    let screen = Screen(profile, now: gap.now)

    await screen.viewModel.load(userID: "grace")

    try requireLoaded(screen, profile)
    #expect(
      screen.viewModel.activityText == gap.text,
      """
      The test's clock says \(gap.now.formatted(.iso8601)), and Grace was last active \
      \(Int(-gap.ago / 60)) minutes after that: the server's clock and the test's \
      disagree. By the injected clock she is active right now, so the text should be \
      "\(gap.text)". It is \(quoted(screen.viewModel.activityText)). The clock the view \
      model was given is the only clock it reads, on every path: when its time looks \
      wrong too.
      """
    )
  }

  @Test(
    "The activity text reads the clock each time it is shown",
    arguments: [Sample.morning, Sample.evening]
  )
  func activityTextReadsTheClockEachTime(now: Date) async throws {
    let profile = Sample.alan(lastActiveAt: now - 5 * 60)
    let screen = Screen(profile, now: now)

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
      \(quoted(after)). A time read once (when the view model is built, or when it \
      loads) is stale a minute later: the view model needs the clock itself.
      """
    )
  }

  @Test("Two view models read their own clocks, side by side")
  func twoViewModelsReadTheirOwnClocks() async throws {
    let profile = Sample.grace(lastActiveAt: Sample.morning - 2 * 3_600)
    let first = Screen(profile, now: Sample.morning)
    let second = Screen(profile, now: Sample.morning + 86_400)  // built last, a day ahead

    await first.viewModel.load(userID: "grace")
    await second.viewModel.load(userID: "grace")
    try requireLoaded(first, profile)
    try requireLoaded(second, profile)
    let firstBefore = first.viewModel.activityText
    first.clock.advance(by: 3 * 3_600)  // only the first clock moves
    let firstAfter = first.viewModel.activityText
    let secondAfter = second.viewModel.activityText

    #expect(
      firstBefore == "Active 2 h ago" && firstAfter == "Active 5 h ago"
        && secondAfter == "Active 1 d ago",
      """
      Two view models show the same profile, each with its own test clock: the second \
      clock a day ahead, built last. Then only the first clock moved three hours. The \
      first text should go from "Active 2 h ago" to "Active 5 h ago", and the second \
      should say "Active 1 d ago". The first went from \(quoted(firstBefore)) to \
      \(quoted(firstAfter)); the second says \(quoted(secondAfter)). \(
        firstBefore == "Active 2 h ago" && secondAfter == "Active 1 d ago"
        ? "Each read its own clock, but the first text did not follow its clock as it moved: "
          + "read the clock each time the text is asked for, not once."
        : "Each view model should read the clock it was given; a clock kept in a static or "
          + "global variable is the last one built, for everyone.")
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
