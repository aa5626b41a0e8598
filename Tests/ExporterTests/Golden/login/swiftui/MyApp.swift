import SwiftUI

@main
struct LoginApp: App {
    var body: some Scene {
        WindowGroup {
            LoginScreen()
                .tint(Theme.accent)
        }
    }
}
