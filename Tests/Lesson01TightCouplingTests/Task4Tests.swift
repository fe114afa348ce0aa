import Foundation
import Lesson01TightCoupling
import Testing

@Suite("Task 4 — Leave no live object behind", .freshInternet)
@MainActor
struct Task4Tests {
  @Test("Following goes through the injected service")
  func followingGoesThroughTheInjectedService() async {
    let screen = Screen(Sample.grace())

    await screen.viewModel.load(userID: "grace")
    await screen.viewModel.follow()

    #expect(
      screen.service.followedIDs == ["grace"],
      """
      follow() should ask the service passed to makeProfileViewModel to follow "grace", \
      once. That fake was asked to follow \(screen.service.followedIDs). Look inside \
      follow(): does it still build an API client of its own?
      """
    )
    #expect(
      screen.viewModel.isFollowing,
      "After the injected service accepted the follow, isFollowing should be true; it is false."
    )
  }

  @Test("Following is reported to the injected tracker")
  func followingIsReportedToTheInjectedTracker() async {
    let screen = Screen(Sample.grace())

    await screen.viewModel.load(userID: "grace")
    await screen.viewModel.follow()

    #expect(
      screen.analytics.events == [
        .profileViewed(userID: "grace"),
        .profileFollowed(userID: "grace"),
      ],
      """
      Loading and then following Grace should leave exactly [profile_viewed, \
      profile_followed] in the injected spy. It holds \(screen.analytics.events).
      """
    )
  }

  @Test("A whole visit to the screen reaches no live object")
  func aWholeVisitReachesNoLiveObject() async {
    let screen = Screen(Sample.grace())

    await screen.viewModel.load(userID: "grace")
    _ = screen.viewModel.activityText
    await screen.viewModel.follow()

    let traffic = Internet.current.traffic
    #expect(
      traffic.isEmpty,
      """
      The test loaded a profile, read its activity text and followed it, with fakes for \
      everything. Yet the real internet received:
      \(listing(traffic))
      Every method of the view model must use the collaborators it was given. Search \
      the view model for `Live` and `Date()`: what is left belongs at the composition root.
      """
    )
  }
}
