import SwiftUI

@main
struct DailyFeedApp: App {
    var body: some Scene {
        WindowGroup {
            FeedScreen()
                .tint(Theme.accent)
        }
    }
}
