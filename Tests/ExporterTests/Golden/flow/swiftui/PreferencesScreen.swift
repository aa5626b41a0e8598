import SwiftUI

/// The "Preferences" screen, drawn in sketchd.
struct PreferencesScreen: View {
    @State private var darkModeToggle = false

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Preferences")
                .font(Theme.title)
                .accessibilityAddTraits(.isHeader)
            Toggle("Dark mode", isOn: $darkModeToggle)
            Spacer()
        }
        .padding(.horizontal, 24)
        .padding(.bottom, 24)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .background(Theme.background)
    }
}

#Preview {
    PreferencesScreen()
}
