import Foundation
import GraderCore

/// Grades one variant and compares the grade with what the variant's name promises:
/// `wrong-taskN-…` fails a test of task N, `right-…` passes everything.
struct VariantCheck: Sendable {
  var course: Course
  /// How lessons are graded (the run lock already held by `--verify`).
  var grading: Grading

  /// Lays `variant` over `worker`'s scratch copy of the lesson's solution, grades it, and says
  /// what is wrong with the result, if anything.
  ///
  /// Every variant a worker checks of a lesson is built in the same folder (see
  /// ``ScratchCopy``), so each build recompiles only what the variant and the one before it
  /// changed.
  ///
  /// - Returns: The problems; none when the variant behaves as its name says.
  /// - Throws: ``GraderError`` when `swift` cannot run, or on Ctrl-C.
  func problems(of variant: Variant, in lesson: Lesson, worker: Int) throws(GraderError)
    -> [String]
  {
    // A wrong variant is proved by its own task's tests alone: the rest would only cost time.
    // Nor is it read in its built form: a variant that shadows the tests' comparisons (an
    // `==` of its own on `[String]`) must fail the tests themselves, not be refused first.
    var grading = grading
    if case .wrong(let number) = variant.expectation {
      grading.onlyTask = number
      grading.readsBuiltDeclarations = false
    }
    let copy = ScratchCopy(course: course, lesson: lesson, worker: worker)
    var written: Set<String>
    let solution: [String: Data]
    do {
      written = try copy.reset()
      solution = ScratchCopy.contents(of: copy.module)
    } catch {
      return ["could not copy the solution: \(error.localizedDescription)"]
    }
    let applied = variant.apply(to: copy.module)
    guard applied.isEmpty else { return applied }
    let changed = copy.changedFiles(since: solution)
    copy.touch(changed)
    written.formUnion(changed)
    let started = Date()
    var result = try grading.grade([lesson], from: copy.source).first
    // NB: not seen so far; were the build to keep an old object, the grade would be of
    // another variant's code. Start the module afresh and grade again, once.
    if let grade = result, grade.compiled, !copy.objectsAreNewer(than: started, for: written) {
      copy.forgetModuleBuild()
      result = try grading.grade([lesson], from: copy.source).first
    }
    guard let grade = result else { return ["no result"] }
    switch variant.expectation {
    case .right:
      var lenient = grade
      lenient.warnings = []  // A variant is a sketch of a learner's code, not shipped code.
      return Verifier.solutionProblems(lenient, root: course.root)
    case .unnamedTask:
      return ["a wrong variant's name must start with wrong-taskN-"]
    case .wrong(let number):
      if !grade.compiled {
        return ["does not compile, so it proves nothing:"]
          + (grade.compileErrors ?? []).prefix(3).map(\.description)
      }
      guard let task = grade.tasks.first(where: { Grading.taskNumber($0.title) == number }) else {
        return ["the lesson has no Task \(number)"]
      }
      return task.failedCount > 0
        ? [] : ["passes every test of \(task.title); the tests should reject it"]
    }
  }
}
