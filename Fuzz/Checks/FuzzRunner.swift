import Foundation

/// What the fuzz executables share: the libFuzzer callback body and the corpus replay.
public enum FuzzRunner {
    /// Checks one libFuzzer input; a violation stops the process so libFuzzer saves the input.
    public static func run(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        do {
            try target.check(Array(UnsafeBufferPointer(start: data, count: size)))
        } catch {
            fatalError("\(target.rawValue): \(error)")
        }
        return 0
    }

    /// Checks every file named on the command line (or in a folder named there); exits 1 on
    /// the first violation. `--write-seeds FOLDER` writes the target's ``SeedInputs`` instead.
    public static func replay(_ target: FuzzTarget) {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.count == 2, arguments[0] == "--write-seeds" {
            for (index, seed) in SeedInputs.of(target).enumerated() {
                FileManager.default.createFile(atPath: "\(arguments[1])/seed-\(index)", contents: Data(seed))
            }
            return
        }
        let files = arguments.flatMap(CorpusFiles.list)
        for file in files {
            do {
                try target.check(Array(FileManager.default.contents(atPath: file) ?? Data()))
            } catch {
                FileHandle.standardError.write(Data("\(file): \(error)\n".utf8))
                exit(1)
            }
        }
        print("\(target.rawValue): \(files.count) inputs, no violation")
    }
}

/// The input files under a corpus path: the file itself, or a folder's files sorted by name.
public enum CorpusFiles {
    /// The files at `path`.
    public static func list(_ path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(path)/\($0)" }
    }
}
