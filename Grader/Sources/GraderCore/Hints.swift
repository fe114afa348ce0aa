import Foundation

/// Hands out a lesson's hints one at a time, gentlest first, reading them from the lesson's
/// own text (the single source of truth) and remembering in `.build` how many were shown.
struct Hints {
  var course: Course
  var style: Style

  /// Where the count of hints shown per task is kept; deleting `.build` starts over.
  private var statePath: URL { course.root.appending(path: ".build/kata-grader/hints-shown.json") }

  /// Prints the next hint of `taskNumber` (or of the first unfinished task, found by grading).
  ///
  /// - Returns: The exit status: 0 a hint was shown, 1 the lesson is done, 2 no such task.
  func show(for lesson: Lesson, task taskNumber: Int?, grading: Grading) throws(GraderError)
    -> Int32
  {
    guard let path = lesson.textPath, let text = LessonText(root: course.root, path: path) else {
      throw .missingFolder("lessons/\(lesson.twoDigits)-*.md")
    }
    let heading: String
    if let taskNumber {
      guard let named = text.taskHeadings.first(where: { Grading.taskNumber($0) == taskNumber })
      else {
        throw .unknownTask(lesson.id, taskNumber, count: text.taskHeadings.count)
      }
      heading = named
    } else {
      FileHandle.standardError.write(
        Data(style.dim("Grading \(lesson.id) to find your next task…\n").utf8))
      guard let grade = try grading.grade([lesson], from: .exercises).first else { return 2 }
      switch nextTask(in: grade) {
      case .task(let title):
        heading = title
      case .none(let lines, let status):
        lines.forEach(say)
        return status
      }
    }
    let hints = text.hints[heading] ?? []
    guard !hints.isEmpty else {
      say("\(heading) has no hints. Read \(text.link(toHeading: heading)).")
      return 0
    }
    var shown = loadState()
    let key = "\(lesson.id)/\(heading)"
    let index = min(shown[key, default: 0], hints.count - 1)
    shown[key] = index + 1
    saveState(shown)
    say(style.bold("\(heading) — hint \(index + 1) of \(hints.count)"))
    say("")
    say(hints[index])
    say("")
    if index + 1 < hints.count {
      say(style.dim("Run the same command again for a more explicit hint."))
    } else {
      let solution = solutionFolder(of: lesson).map {
        " The solution is in \($0)/, for after you try."
      }
      say(style.dim("That was the last hint." + (solution ?? "")))
    }
    return 0
  }

  /// What `--hint` without a task does after grading: a task to hint at, or what to say
  /// instead and the exit status.
  enum NextTask: Equatable {
    case task(String)
    case none([String], status: Int32)
  }

  /// The first unfinished task; "every task passes" only when tests ran and all passed.
  func nextTask(in grade: LessonGrade) -> NextTask {
    let id = grade.lesson.id
    if !grade.compiled {
      return .none(
        [
          grade.refused
            ? "\(id) is not graded as it is; fix that first (./grade.sh \(id) says why)."
            : "\(id) does not compile yet; fix that first (./grade.sh \(id) shows where).",
          "For a hint on a task anyway: ./grade.sh --hint \(id) <task>",
        ], status: 1)
    }
    // A problem beside results (an issue outside any test) leaves the tasks to hint at.
    let ran = !grade.untrusted && grade.tasks.contains { !$0.tests.isEmpty }
    if let problem = grade.problem ?? (grade.tasks.isEmpty ? "No tests ran." : nil), !ran {
      return .none(
        [
          "No hint yet: no test of \(id) ran, so the next task is unknown. \(problem)",
          "For a hint on a task anyway: ./grade.sh --hint \(id) <task>",
        ], status: 1)
    }
    guard let open = grade.tasks.first(where: { !$0.isDone }) else {
      if let problem = grade.problem ?? grade.editedNotice {
        return .none(
          ["Every task of \(id) passes, but the lesson is not done: \(problem)"], status: 1)
      }
      return .none(
        [
          style.pass("Every task of \(id) passes.")
            + (solutionFolder(of: grade.lesson).map { " Compare with \($0)/." } ?? "")
        ], status: 0)
    }
    return .task(open.title)
  }

  /// The lesson's reference solution, when this copy of the kata has it: a workshop may
  /// delete `Solutions/` and hand the solutions out later.
  private func solutionFolder(of lesson: Lesson) -> String? {
    let url = course.root.appending(path: lesson.solutionsFolder)
    return RegularFile.kind(atPath: url.path) == .folder ? lesson.solutionsFolder : nil
  }

  private func loadState() -> [String: Int] {
    guard let data = RegularFile.contents(atPath: statePath.path),
      let state = try? JSONDecoder().decode([String: Int].self, from: data)
    else { return [:] }
    return state
  }

  private func saveState(_ state: [String: Int]) {
    try? FileManager.default.createDirectory(
      at: statePath.deletingLastPathComponent(), withIntermediateDirectories: true)
    // Atomically: a new file renamed into place, never an open of what is there (a pipe).
    if let data = try? JSONEncoder().encode(state) {
      try? data.write(to: statePath, options: .atomic)
    }
  }
}
