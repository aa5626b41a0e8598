import SwiftUI

/// The "Preferences" screen, drawn in sketchd.
struct PreferencesScreen: View {
    @State private var darkModeIsOnZ2 = false

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Preferences")
                .font(Theme.title)
                .accessibilityAddTraits(.isHeader)
            Toggle("Dark mode", isOn: $darkModeIsOnZ2)
            Spacer()
        }
        .padding(24)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .background(Theme.background)
    }
}

struct PreferencesScreen_Previews: PreviewProvider {
    static var previews: some View {
        PreferencesScreen()
    }
}
