import Foundation
import GraderCore

/// The maintainers' commands, for `kata-maintainer`: proving the kata (`--verify`), the
/// mutation check (`--mutants`), saving a variant (`--save-variant`) and recording the
/// shipped files' fingerprints (`--update-checksums`).
package struct MaintainersTool: MaintainersCommands {
  /// The facts of the process it runs in, read by `main`.
  var surroundings: Surroundings

  /// The commands, run in `surroundings`.
  package init(surroundings: Surroundings) { self.surroundings = surroundings }

  package func run(
    _ options: Options, lessons: [Lesson], course: Course, style: Style,
    interruption: Interruption
  ) throws(GraderError) -> Int32 {
    switch options.mode {
    case .updateChecksums:
      return updateChecksums(course)
    case .saveVariant:
      return try saveVariant(options, lesson: lessons[0], root: course.root)
    case .verify:
      Interrupts.install()
      var verifier = Verifier(
        course: course, timeLimit: options.timeLimit, style: style, interruption: interruption)
      if !options.lessons.isEmpty { verifier.lessons = lessons }
      // Two at a time pays even on two cores (see Verifier.workers); more on more.
      verifier.workers = options.jobs ?? min(4, max(2, surroundings.processorCount))
      verifier.surroundings = surroundings
      return try verifier.run()
    case .mutants:
      Interrupts.install()
      var check = MutationCheck(
        course: course, lesson: lessons[0], timeLimit: options.timeLimit, style: style,
        interruption: interruption)
      check.learnersTemporaryFolder = surroundings.temporaryFolder
      return try check.run()
    default:
      throw .usage("kata-maintainer runs only the maintainers' commands; see ./grade.sh --help")
    }
  }

  private func saveVariant(_ options: Options, lesson: Lesson, root: URL) throws(GraderError)
    -> Int32
  {
    let folder =
      options.variantFolder.map {
        URL(
          fileURLWithPath: $0,
          relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
      } ?? root.appending(path: lesson.exercisesFolder)
    let path = try Variant.save(
      name: options.variantName ?? "", of: lesson, from: folder, root: root)
    say(
      "Saved \(path). Say what it is in its first lines (those starting with #), then "
        + "check it: ./grade.sh --verify \(lesson.id)")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    if files.contains(where: { file in
      file.hasSuffix(".swift")
        && ((try? String(contentsOf: folder.appending(path: file), encoding: .utf8))?
          .contains("TODO: Task") ?? false)
    }) {
      FileHandle.standardError.write(
        Data(
          ("warning: the saved folder still has the starter's `TODO: Task` comments; a "
            + "variant is usually a copy of the solution with one mistake.\n").utf8))
    }
    return 0
  }

  private func updateChecksums(_ course: Course) -> Int32 {
    do {
      try Checksums(root: course.root).write(for: course.lessons)
      say("Updated \(Checksums.listPath).")
      // A learner who runs it takes their own code for the starter: say what it did.
      say(
        "It records Tests/ as shipped and Exercises/ as the starters (the course at a glance "
          + "skips a lesson whose files match its starter). Undo: git checkout -- "
          + Checksums.listPath)
      return 0
    } catch {
      GraderCommand.printError(
        "Could not write \(Checksums.listPath): \(error.localizedDescription)", usage: false)
      return 2
    }
  }
}
