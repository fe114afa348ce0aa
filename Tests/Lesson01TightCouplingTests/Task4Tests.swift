import Foundation
import Lesson01TightCoupling
import Testing

@Suite("Task 4 — Leave no live object behind", .freshInternet)
@MainActor
struct Task4Tests {
  @Test("Following goes through the injected service", arguments: ["grace", "alan"])
  func followingGoesThroughTheInjectedService(userID: String) async {
    let screen = Screen(Sample.grace(), Sample.alan())

    await screen.viewModel.load(userID: userID)
    await screen.viewModel.follow()

    #expect(
      screen.service.followedIDs == [userID],
      """
      follow() should ask the service passed to makeProfileViewModel to follow \
      "\(userID)", once. That fake was asked to follow \(screen.service.followedIDs). \
      Look inside follow(): does it still build an API client of its own?
      """
    )
    #expect(
      screen.service.fetchedIDs == [userID],
      """
      One load and one follow should ask the service for the profile once, when loading; \
      the fake was asked for \(screen.service.fetchedIDs). Following acts on the profile \
      the screen already shows: fetching it again is a request the user did not ask for.
      """
    )
    #expect(
      screen.viewModel.isFollowing,
      "After the injected service accepted the follow, isFollowing should be true; it is false."
    )
  }

  @Test("Following is reported to the injected tracker", arguments: ["grace", "alan"])
  func followingIsReportedToTheInjectedTracker(userID: String) async {
    let screen = Screen(Sample.grace(), Sample.alan())

    await screen.viewModel.load(userID: userID)
    await screen.viewModel.follow()

    #expect(
      screen.analytics.events == [
        .profileViewed(userID: userID),
        .profileFollowed(userID: userID),
      ],
      """
      Loading and then following \(userID) should leave exactly [profile_viewed, \
      profile_followed] for \(userID) in the injected spy. It holds \
      \(screen.analytics.events).
      """
    )
  }

  @Test(
    "A refused follow asks the injected service once and is not reported",
    arguments: [("grace", false), ("alan", true)])
  func aRefusedFollowStaysUnfollowed(userID: String, offline: Bool) async {
    let screen = Screen(Sample.grace(), Sample.alan())
    screen.service.refusesFollows = true
    screen.service.followsFailOffline = offline

    await screen.viewModel.load(userID: userID)
    await screen.viewModel.follow()

    #expect(
      screen.service.followedIDs == [userID] && !screen.viewModel.isFollowing
        && screen.analytics.events == [.profileViewed(userID: userID)],
      """
      The injected service refused to follow \(userID)\(offline ? " with a network error" : ""). \
      It should have been asked once, \
      isFollowing should stay false, and the spy should hold only the profile_viewed \
      event. The fake was asked to follow \(screen.service.followedIDs), isFollowing is \
      \(screen.viewModel.isFollowing), and the spy holds \(screen.analytics.events). A \
      refusal is the answer, a network error too: there is no other service to try.
      """
    )
  }

  @Test(
    "After a refused follow, tapping Follow again asks again",
    arguments: [("grace", true), ("alan", false)])
  func aRefusedFollowCanBeTriedAgain(userID: String, offline: Bool) async {
    let screen = Screen(Sample.grace(), Sample.alan())
    screen.service.refusesFollows = true
    screen.service.followsFailOffline = offline

    await screen.viewModel.load(userID: userID)
    await screen.viewModel.follow()
    let followingAfterRefusal = screen.viewModel.isFollowing
    screen.service.refusesFollows = false
    await screen.viewModel.follow()

    #expect(
      screen.service.followedIDs == [userID, userID] && !followingAfterRefusal
        && screen.viewModel.isFollowing
        && screen.analytics.events == [
          .profileViewed(userID: userID), .profileFollowed(userID: userID),
        ],
      """
      The injected service refused the first follow of \(userID), then accepted, and the \
      user tapped Follow again. The second tap should ask the service again and follow: \
      the fake was asked to follow \(screen.service.followedIDs), isFollowing went from \
      \(followingAfterRefusal) to \(screen.viewModel.isFollowing), and the spy holds \
      \(screen.analytics.events). Only a follow that succeeded stops the next tap; a \
      refusal leaves the user free to try again.
      """
    )
  }

  @Test(
    "Without a loaded profile, Follow asks nothing",
    arguments: [LoadFailure.unknownUser, .outage]
  )
  func followingNeedsALoadedProfile(failure: LoadFailure) async {
    let screen = Screen(Sample.grace(), Sample.alan())

    await screen.viewModel.follow()  // before any load
    let askedBeforeLoad = screen.service.followedIDs
    await screen.viewModel.load(userID: "grace")
    await screen.viewModel.follow()
    screen.service.isDown = failure.serviceDown
    await screen.viewModel.load(userID: failure.userID)
    let followingAfterFailure = screen.viewModel.isFollowing
    screen.service.isDown = false
    await screen.viewModel.follow()

    #expect(
      askedBeforeLoad.isEmpty && screen.service.followedIDs == ["grace"]
        && !followingAfterFailure && !screen.viewModel.isFollowing
        && screen.analytics.events == [
          .profileViewed(userID: "grace"), .profileFollowed(userID: "grace"),
          .profileLoadFailed(userID: failure.userID),
        ],
      """
      The test tapped Follow before any load, then loaded and followed Grace, then a load \
      failed (\(failure.testDescription)) and it tapped Follow again. Only the follow of \
      the loaded Grace should reach the service, and after the failed load the screen \
      follows nobody. Asked before the load: \(askedBeforeLoad); asked in all: \
      \(screen.service.followedIDs); isFollowing after the failed load: \
      \(followingAfterFailure), at the end: \(screen.viewModel.isFollowing); the spy holds \
      \(screen.analytics.events). Follow acts on the profile the screen shows, and a \
      failed load shows none.
      """
    )
  }

  @Test("Following twice asks the injected service once")
  func followingTwiceAsksOnce() async {
    let screen = Screen(Sample.grace())

    await screen.viewModel.load(userID: "grace")
    await screen.viewModel.follow()
    await screen.viewModel.follow()

    #expect(
      screen.service.followedIDs == ["grace"]
        && screen.analytics.events == [
          .profileViewed(userID: "grace"), .profileFollowed(userID: "grace"),
        ],
      """
      The user tapped Follow twice on Grace's profile. The first tap follows her; the \
      second finds her followed already and does nothing. The fake was asked to follow \
      \(screen.service.followedIDs), and the spy holds \(screen.analytics.events).
      """
    )
  }

  @Test("After loading another user, following follows that user")
  func followingAfterAnotherLoadFollowsThatUser() async {
    let screen = Screen(Sample.grace(), Sample.alan())

    await screen.viewModel.load(userID: "grace")
    await screen.viewModel.follow()
    await screen.viewModel.load(userID: "alan")
    let followingAfterLoad = screen.viewModel.isFollowing
    await screen.viewModel.follow()

    #expect(
      screen.service.followedIDs == ["grace", "alan"] && !followingAfterLoad
        && screen.viewModel.isFollowing,
      """
      The test followed Grace, loaded Alan, and followed again. Loading Alan should show \
      him not followed yet (isFollowing was \(followingAfterLoad)), and the second follow \
      should ask the injected service to follow alan. The fake was asked to follow \
      \(screen.service.followedIDs), and isFollowing is now \
      \(screen.viewModel.isFollowing).
      """
    )
  }

  @Test("Back on a user followed earlier, the screen starts unfollowed and Follow asks again")
  func backOnAUserFollowedEarlier() async {
    let screen = Screen(Sample.grace(), Sample.alan())

    await screen.viewModel.load(userID: "grace")
    await screen.viewModel.follow()
    await screen.viewModel.load(userID: "alan")
    await screen.viewModel.load(userID: "grace")
    let followingOnReturn = screen.viewModel.isFollowing
    await screen.viewModel.follow()

    #expect(
      screen.service.followedIDs == ["grace", "grace"] && !followingOnReturn
        && screen.viewModel.isFollowing,
      """
      The test followed Grace, loaded Alan, loaded Grace again and tapped Follow. A load \
      shows the profile as the server sent it, not followed yet (isFollowing was \
      \(followingOnReturn)), so Follow should ask the injected service again. The fake was \
      asked to follow \(screen.service.followedIDs), and isFollowing is now \
      \(screen.viewModel.isFollowing). A screen that remembers whom it followed, across \
      loads, shows "not followed" while its Follow button does nothing.
      """
    )
  }

  @Test(
    "A follow that fails with a URLError is not shown as done, and is not reported",
    arguments: [NetworkFailure.offline, .timedOut]
  )
  func aFollowFailingWithAURLErrorStaysUnfollowed(failure: NetworkFailure) async {
    let screen = Screen(Sample.grace(), Sample.alan())
    screen.service.followError = failure.error

    await screen.viewModel.load(userID: failure.userID)
    await screen.viewModel.follow()

    #expect(
      screen.service.followedIDs == [failure.userID] && !screen.viewModel.isFollowing
        && screen.analytics.events == [.profileViewed(userID: failure.userID)],
      """
      The injected service failed to follow \(failure.userID) with URLError \
      \(failure.code.rawValue), a network error: the follow did not happen. It should have \
      been asked once, isFollowing should stay false, and the spy should hold only \
      profile_viewed. The fake was asked to follow \(screen.service.followedIDs), \
      isFollowing is \(screen.viewModel.isFollowing), and the spy holds \
      \(screen.analytics.events). The screen and the tracker say what the service \
      answered: a follow that failed is neither shown nor counted as done.
      """
    )
  }

  @Test(
    "Two screens on one user follow each through their own service and tracker",
    arguments: ["grace", "alan"]
  )
  func twoScreensFollowIndependently(userID: String) async {
    let first = Screen(Sample.grace(), Sample.alan())
    let second = Screen(Sample.grace(), Sample.alan())

    await first.viewModel.load(userID: userID)
    await second.viewModel.load(userID: userID)  // loaded last
    await first.viewModel.follow()
    let secondFollowingBefore = second.viewModel.isFollowing
    await second.viewModel.follow()

    let expected: [AnalyticsEvent] = [
      .profileViewed(userID: userID), .profileFollowed(userID: userID),
    ]
    #expect(
      !secondFollowingBefore && first.viewModel.isFollowing && second.viewModel.isFollowing
        && first.service.followedIDs == [userID] && second.service.followedIDs == [userID]
        && first.analytics.events == expected && second.analytics.events == expected,
      """
      Two screens, each with its own fake and spy, both loaded \(userID); the first \
      followed, then the second. Before its own follow the second screen should show \
      \(userID) not followed yet (it showed \(secondFollowingBefore)); then each screen \
      should ask its own service once and report to its own tracker. First screen: \
      asked to follow \(first.service.followedIDs), isFollowing \
      \(first.viewModel.isFollowing), spy \(first.analytics.events). Second screen: asked \
      to follow \(second.service.followedIDs), isFollowing \(second.viewModel.isFollowing), \
      spy \(second.analytics.events). A screen's follow state and its tracker are its \
      own: kept in a static or global, they are shared with every other screen.
      """
    )
  }

  @Test(
    "A follow after loading the same user again is reported again", arguments: ["grace", "alan"])
  func aFollowAfterAReloadIsReportedAgain(userID: String) async {
    let screen = Screen(Sample.grace(), Sample.alan())

    await screen.viewModel.load(userID: userID)
    await screen.viewModel.follow()
    await screen.viewModel.load(userID: userID)
    await screen.viewModel.follow()

    let expected: [AnalyticsEvent] = [
      .profileViewed(userID: userID), .profileFollowed(userID: userID),
      .profileViewed(userID: userID), .profileFollowed(userID: userID),
    ]
    #expect(
      screen.service.followedIDs == [userID, userID] && screen.analytics.events == expected,
      """
      The test loaded \(userID), followed, loaded \(userID) again and followed again. Each \
      follow the injected service accepted should be reported: the spy should hold \
      \(expected). It holds \(screen.analytics.events), and the fake was asked to follow \
      \(screen.service.followedIDs). Every follow is an event of its own, a repeated one \
      included: the tracker the view model was given decides what to count.
      """
    )
  }

  @Test(
    "After a follow too, once the view model is gone nothing keeps its service alive",
    arguments: ["grace", "alan"]
  )
  func afterAFollowTheViewModelAloneKeepsItsService(userID: String) async {
    let left = await leftovers { viewModel in
      await viewModel.load(userID: userID)
      await viewModel.follow()
    }

    #expect(
      left.fetched == [userID] && left.followed == [userID],
      """
      The view model should load and follow through the service it was given; that fake \
      was asked for \(left.fetched) and asked to follow \(left.followed).
      """
    )
    #expect(
      left.alive.isEmpty,
      """
      The test built a view model with a fake service and a spy, loaded \(userID), \
      followed, and let the view model go. Nothing should hold the two now, yet \
      \(left.alive) stayed alive. Something the follow left behind still holds the view \
      model or its collaborators: a stored closure (an "Undo") that captures `self` \
      strongly is a retain cycle, and an observer registered with a notification center \
      and never removed keeps whatever its block captures for good.
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
      Every method of the view model should use the collaborators it was given. Search \
      the view model for `Live` and `Date()`: what is left belongs at the composition root.
      """
    )
  }
}
