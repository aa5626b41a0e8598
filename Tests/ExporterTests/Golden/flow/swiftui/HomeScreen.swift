import SwiftUI

/// The "Home" screen, drawn in sketchd.
struct HomeScreen: View {
    @State private var isShowingPreferences = false

    var body: some View {
        NavigationStack {
            content
        }
    }

    private var content: some View {
        VStack(alignment: .leading, spacing: 16) {
            Button {
                isShowingPreferences = true
            } label: {
                Image(systemName: "gearshape")
            }
            .accessibilityLabel("Settings")
            .accessibilitySortPriority(1)
            .sheet(isPresented: $isShowingPreferences) {
                PreferencesScreen()
            }
            Text("Hello!")
                .font(Theme.title)
                .accessibilityAddTraits(.isHeader)
                .accessibilitySortPriority(4)
            Text("Lorem ipsum dolor sit amet consectetur")
                .font(Theme.body)
                .accessibilitySortPriority(3)
            NavigationLink {
                ProfileDetailsScreen()
            } label: {
                Text("Open Profile")
                    .frame(maxWidth: .infinity)
            }
            .buttonStyle(.borderedProminent)
            .buttonBorderShape(.roundedRectangle(radius: Theme.cornerRadius))
            .accessibilitySortPriority(2)
            Spacer()
        }
        .padding(.horizontal, 24)
        .padding(.bottom, 24)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .accessibilityElement(children: .contain)
        .background(Theme.background)
    }
}

#Preview {
    HomeScreen()
}
