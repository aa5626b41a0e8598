import SwiftUI

/// The "Login" screen, drawn in sketchd.
struct LoginScreen: View {
    @State private var emailTextE2 = ""
    @State private var passwordTextE3 = ""
    @State private var rememberMeIsOnE4 = true

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Welcome back")
                .font(Theme.title)
                .accessibilityAddTraits(.isHeader)
            TextField("Email", text: $emailTextE2)
                .textFieldStyle(.roundedBorder)
            SecureField("Password", text: $passwordTextE3)
                .textFieldStyle(.roundedBorder)
            Toggle("Remember me", isOn: $rememberMeIsOnE4)
                .toggleStyle(CheckboxToggleStyle())
            Button(action: logInE5) {
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
        .padding(24)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .background(Theme.background)
    }

    private func logInE5() {
        // Runs when "Log In" is tapped.
    }
}

struct LoginScreen_Previews: PreviewProvider {
    static var previews: some View {
        LoginScreen()
    }
}
