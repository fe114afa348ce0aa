import Foundation
import GraderCore

// The composition root: the process's facts are read here, once, and handed down. grade.sh
// sets KATA_ROOT to the kata's folder, so the grader works from any directory.
let surroundings = Surroundings.current()
exit(
  GraderCommand.main(
    arguments: Array(CommandLine.arguments.dropFirst()), root: surroundings.kataRoot,
    surroundings: surroundings))
