import Foundation
import Lesson01TightCoupling
import Synchronization
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
    arguments: [("grace", true, 1), ("alan", false, 3), ("alan", true, 5)])
  func aRefusedFollowCanBeTriedAgain(userID: String, offline: Bool, refusals: Int) async {
    let screen = Screen(Sample.grace(), Sample.alan())
    screen.service.refusesFollows = true
    screen.service.followsFailOffline = offline
    let how = offline ? " with a network error" : ""

    await screen.viewModel.load(userID: userID)
    var followingAfterRefusals: [Bool] = []
    for _ in 0..<refusals {
      await screen.viewModel.follow()
      followingAfterRefusals.append(screen.viewModel.isFollowing)
    }
    screen.service.refusesFollows = false
    await screen.viewModel.follow()

    #expect(
      screen.service.followedIDs == Array(repeating: userID, count: refusals + 1)
        && !followingAfterRefusals.contains(true) && screen.viewModel.isFollowing
        && screen.analytics.events == [
          .profileViewed(userID: userID), .profileFollowed(userID: userID),
        ],
      """
      The injected service refused \(refusals) follow(s) of \(userID) in a row\(how), then \
      accepted, and the user tapped Follow once more. Every tap should ask the service (\(refusals + 1) times in all), and the \
      last one should follow: the fake was asked to follow \(screen.service.followedIDs), \
      isFollowing after each refusal was \(followingAfterRefusals) and is now \
      \(screen.viewModel.isFollowing), and the spy holds \(screen.analytics.events). Only a \
      follow that succeeded stops the next tap; a refusal, however many came before, leaves \
      the user free to try again.
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
    "A follow that failed is not sent again when the same user is loaded again",
    arguments: [FollowFailure.offline, .timedOut, .refusal]
  )
  func aFailedFollowIsNotSentAgainByALoad(failure: FollowFailure) async {
    let screen = Screen(Sample.grace(), Sample.alan())
    let userID = failure.userID

    await screen.viewModel.load(userID: userID)
    failure.breakDown(screen.service)
    await screen.viewModel.follow()
    failure.mend(screen.service)
    await screen.viewModel.load(userID: userID)
    let askedAfterReload = screen.service.followedIDs
    let followingAfterReload = screen.viewModel.isFollowing
    let eventsAfterReload = screen.analytics.events
    await screen.viewModel.follow()

    let viewed = AnalyticsEvent.profileViewed(userID: userID)
    #expect(
      askedAfterReload == [userID] && !followingAfterReload
        && eventsAfterReload == [viewed, viewed],
      """
      A follow of \(userID) failed (\(failure.testDescription)), then the service was back \
      and the screen loaded \(userID) again; nobody tapped Follow. The load should show \
      \(userID) not followed and send no follow of its own: after it, the fake had been \
      asked to follow \(askedAfterReload) (expected only the failed one, [\"\(userID)\"]), \
      isFollowing was \(followingAfterReload), and the spy held \(eventsAfterReload). A \
      follow that failed is over: it is not sent again on the user's behalf; the user taps \
      Follow again if they still want to.
      """
    )
    #expect(
      screen.service.followedIDs == [userID, userID] && screen.viewModel.isFollowing,
      """
      After the reload, the user tapped Follow: that tap should ask the service again and \
      follow \(userID). The fake was asked to follow \(screen.service.followedIDs), and \
      isFollowing is \(screen.viewModel.isFollowing).
      """
    )
  }

  @Test(
    "While a follow that will fail is under way, the screen does not show it as done",
    arguments: [FollowFailure.refusal, .offline]
  )
  func aFollowUnderWayIsNotShownAsDone(failure: FollowFailure) async {
    let fake = FakeProfileService([Sample.grace(), Sample.alan()])
    let service = HeldFollows(fake)
    let analytics = AnalyticsSpy()
    let viewModel = makeProfileViewModel(
      service: service, analytics: analytics, now: { Sample.morning })
    let userID = failure.userID

    await viewModel.load(userID: userID)
    failure.breakDown(fake)
    let tap = Task { await viewModel.follow() }
    await letWaitingWorkRun()
    let followingWhileAsked = viewModel.isFollowing
    service.answer()
    await tap.value

    #expect(
      !followingWhileAsked && !viewModel.isFollowing && fake.followedIDs == [userID]
        && analytics.events == [.profileViewed(userID: userID)],
      """
      The user tapped Follow on \(userID); the service held the request, and then failed it \
      (\(failure.testDescription)). isFollowing should stay false the whole time: it was \
      \(followingWhileAsked) while the request was under way and is \(viewModel.isFollowing) \
      after it; the fake was asked to follow \(fake.followedIDs), and the spy holds \
      \(analytics.events). The screen shows what the service answered: a follow is done \
      when the service accepts it, not before, so a refused one never shows as followed.
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

  @Test(
    "After a failed follow too, once the view model is gone nothing keeps its service alive",
    arguments: [FollowFailure.refusal, .offline, .timedOut]
  )
  func afterAFailedFollowTheViewModelAloneKeepsItsService(failure: FollowFailure) async {
    let left = await leftovers(
      prepare: { failure.breakDown($0) },
      after: { viewModel in
        await viewModel.load(userID: failure.userID)
        await viewModel.follow()
      }
    )

    #expect(
      left.fetched == [failure.userID] && left.followed == [failure.userID],
      """
      The view model should load and follow through the service it was given; that fake \
      was asked for \(left.fetched) and asked to follow \(left.followed).
      """
    )
    #expect(
      left.alive.isEmpty,
      """
      The test built a view model with a fake service and a spy, loaded \(failure.userID), \
      tapped Follow, which failed (\(failure.testDescription)), and let the view model go. \
      Nothing should hold the two now, yet \(left.alive) stayed alive. Something the failed \
      follow left behind still holds the view model: a "Try again" closure, a task, or an \
      observer registered with a notification center ("retry when the app is active") \
      that captures `self` strongly keeps it, and its service, for good.
      """
    )
  }

  @Test("A live object built once for the whole app is one too: a visit in a fresh process")
  func aVisitInAFreshProcessReachesNoLiveObject() async {
    // In this process an earlier test may already have built what is built once (a global, a
    // static), while its traffic was not looked at; in a process of its own, the visit builds
    // it, and the internet sees it (the newcomer pass of session 16).
    await #expect(
      processExitsWith: .success,
      """
      In a fresh process, the test built a view model with fakes, loaded a profile, read its \
      activity text and followed it. The real internet received something (the process \
      exited with status 1): a live object built once for the whole app, in a global or a \
      static the harness or the view model touches, is still a live object in every test. \
      Search Harness.swift and your view model for `Live` and `production`.
      """
    ) {
      let internet = Internet()
      await Internet.$current.withValue(internet) { @MainActor in
        let screen = Screen(Sample.grace())
        await screen.viewModel.load(userID: "grace")
        _ = screen.viewModel.activityText
        await screen.viewModel.follow()
      }
      if !internet.traffic.isEmpty { exit(1) }
    }
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

/// One way a follow can fail: the service refuses it, or fails with a `URLError`.
struct FollowFailure: Sendable, CustomTestStringConvertible {
  /// The user who is followed.
  let userID: String
  /// The `URLError` the follow fails with; `nil` for a refusal.
  let networkError: URLError.Code?

  /// The service refuses to follow Grace.
  static let refusal = FollowFailure(userID: "grace", networkError: nil)
  /// Following Alan fails: no connection.
  static let offline = FollowFailure(userID: "alan", networkError: .notConnectedToInternet)
  /// Following Grace fails: the server took too long.
  static let timedOut = FollowFailure(userID: "grace", networkError: .timedOut)

  var testDescription: String {
    networkError.map { "\(userID), URLError \($0.rawValue)" } ?? "\(userID), refused"
  }

  /// Makes every follow of `service` fail this way, from now on.
  func breakDown(_ service: FakeProfileService) {
    if let networkError {
      service.followError = URLError(networkError)
    } else {
      service.refusesFollows = true
    }
  }

  /// Makes `service` accept follows again.
  func mend(_ service: FakeProfileService) {
    service.followError = nil
    service.refusesFollows = false
  }
}

/// A service that holds every follow until the test lets it answer, then answers as the fake
/// behind it does: the test can look at the screen while a follow is under way.
final class HeldFollows: ProfileService {
  private let fake: FakeProfileService
  private let held = Mutex<(answered: Bool, waiting: [CheckedContinuation<Void, Never>])>(
    (false, []))

  init(_ fake: FakeProfileService) {
    self.fake = fake
  }

  func fetchProfile(id: String) async throws -> UserProfile {
    try await fake.fetchProfile(id: id)
  }

  func follow(userID: String) async throws {
    await withCheckedContinuation { continuation in
      let answered = held.withLock { held in
        if !held.answered { held.waiting.append(continuation) }
        return held.answered
      }
      if answered { continuation.resume() }
    }
    try await fake.follow(userID: userID)
  }

  /// Lets every follow held so far, and every later one, answer.
  func answer() {
    let waiting = held.withLock { held in
      held.answered = true
      let waiting = held.waiting
      held.waiting = []
      return waiting
    }
    for continuation in waiting { continuation.resume() }
  }
}
