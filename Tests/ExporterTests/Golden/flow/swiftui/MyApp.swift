import SwiftUI

@main
struct ProfileFlowApp: App {
    var body: some Scene {
        WindowGroup {
            HomeScreen()
                .tint(Theme.accent)
        }
    }
}
