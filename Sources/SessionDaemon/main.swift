import Foundation

// The daemon arrives with issue 3; until then this executable only says so.
FileHandle.standardError.write(Data("sketchd: the session daemon is not built yet (issue 3)\n".utf8))
exit(1)
