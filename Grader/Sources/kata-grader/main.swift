import Foundation
import GraderCore

// grade.sh sets KATA_ROOT to the kata's folder, so the grader works from any directory.
let root =
  ProcessInfo.processInfo.environment["KATA_ROOT"].map { URL(fileURLWithPath: $0) }
  ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
exit(GraderCommand.main(arguments: Array(CommandLine.arguments.dropFirst()), root: root))
