import SwiftUI

/// The "Profile Details" screen, drawn in sketchd.
struct ProfileDetailsScreen: View {
    @Environment(\.dismiss) private var dismiss
    @State private var displayNameField = ""
    @State private var publicProfileToggle = true

    var body: some View {
        content
            .navigationTitle("Profile")
            .navigationBarBackButtonHidden(true)
            .toolbar {
                ToolbarItem(placement: .navigationBarLeading) {
                    Button(action: { dismiss() }) {
                        Image(systemName: "chevron.left")
                    }
                    .accessibilityLabel("Back")
                }
                ToolbarItem(placement: .navigationBarTrailing) {
                    Button(action: doneButtonTapped) {
                        Text("Done")
                    }
                }
            }
    }

    private var content: some View {
        VStack(spacing: 16) {
            Image(systemName: "person.crop.circle.fill")
                .resizable()
                .scaledToFit()
                .frame(width: 80, height: 80)
                .foregroundStyle(Theme.placeholder)
                .clipShape(Circle())
                .accessibilityLabel("Profile picture")
            TextField("Display name", text: $displayNameField)
                .textFieldStyle(.roundedBorder)
            Toggle("Public profile", isOn: $publicProfileToggle)
            Spacer()
        }
        .padding(.horizontal, 20)
        .padding(.bottom, 20)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .background(Theme.background)
    }

    private func doneButtonTapped() {
        // Runs when "Done" is tapped.
    }
}

#Preview {
    NavigationStack {
        ProfileDetailsScreen()
    }
}
