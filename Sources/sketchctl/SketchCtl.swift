import ArgumentParser

/// `sketchctl`: import, replay, export and train, from the command line.
@main
struct SketchCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sketchctl",
        abstract: "Work with sketchd sessions: import, replay, recognise, export, train.",
        subcommands: [
            ImportCommand.self, ReplayCommand.self, SessionsCommand.self, ShareCommand.self,
            ClassifyCommand.self, TrainCommand.self, EvaluateCommand.self,
            RecognizeCommand.self, EvaluateScreensCommand.self, BenchRecognizeCommand.self,
            ExportCommand.self, ExportScreensCommand.self, MetaCommand.self, BackupCommand.self, RestoreCommand.self,
            EvaluateWordsCommand.self, EvaluateHandwritingCommand.self, CalibrateReaderCommand.self,
        ])
}
