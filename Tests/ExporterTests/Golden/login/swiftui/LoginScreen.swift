import SwiftUI

/// The "Login" screen, drawn in sketchd.
struct LoginScreen: View {
    @State private var emailField = ""
    @State private var passwordField = ""
    @State private var rememberMeCheckbox = true

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Welcome back")
                .font(Theme.title)
                .accessibilityAddTraits(.isHeader)
            TextField("Email", text: $emailField)
                .textFieldStyle(.roundedBorder)
            SecureField("Password", text: $passwordField)
                .textFieldStyle(.roundedBorder)
            Toggle("Remember me", isOn: $rememberMeCheckbox)
                .toggleStyle(CheckboxToggleStyle())
            Button(action: logInButtonTapped) {
                Text("Log In")
                    .frame(maxWidth: .infinity)
            }
            .buttonStyle(.borderedProminent)
            .buttonBorderShape(.roundedRectangle(radius: Theme.cornerRadius))
            .tint(Theme.inkBlue)
            Text("Forgot password?")
                .font(Theme.body)
            Spacer()
        }
        .padding(.horizontal, 24)
        .padding(.bottom, 24)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .background(Theme.background)
    }

    private func logInButtonTapped() {
        // Runs when "Log In" is tapped.
    }
}

#Preview {
    LoginScreen()
}
