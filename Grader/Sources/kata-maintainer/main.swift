import Foundation
import GraderCore
import GraderMaintenance

// The learner's grader with the maintainers' commands added; grade.sh runs it for those. The
// composition root: the process's facts are read here, once, and handed down.
let surroundings = Surroundings.current()
exit(
  GraderCommand.main(
    arguments: Array(CommandLine.arguments.dropFirst()), root: surroundings.kataRoot,
    surroundings: surroundings, maintainers: MaintainersTool(surroundings: surroundings)))
