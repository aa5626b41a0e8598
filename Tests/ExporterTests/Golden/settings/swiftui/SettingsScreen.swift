import SwiftUI

/// The "Settings" screen, drawn in sketchd.
struct SettingsScreen: View {
    @State private var settingsItems = [
        SettingsItem(title: "Wi-Fi", isOn: true),
        SettingsItem(title: "Bluetooth", isOn: false),
        SettingsItem(title: "Airplane Mode", isOn: false),
    ]
    @State private var slider1 = 0.5
    @State private var appearancePicker = 0
    @State private var languagePicker = 0

    var body: some View {
        NavigationStack {
            content
                .navigationTitle("Settings")
        }
    }

    private var content: some View {
        VStack(alignment: .leading, spacing: 16) {
            List($settingsItems) { $item in
                Toggle(item.title, isOn: $item.isOn)
            }
            .listStyle(.plain)
            Text("Brightness")
                .font(Theme.body)
            Slider(value: $slider1)
                .tint(Theme.inkRed)
                .accessibilityLabel("Value")
            Picker("Appearance", selection: $appearancePicker) {
                Text("Light").tag(0)
                Text("Dark").tag(1)
                Text("Auto").tag(2)
            }
            .pickerStyle(.segmented)
            Picker("Language", selection: $languagePicker) {
                Text("Option 1").tag(0)
                Text("Option 2").tag(1)
                Text("Option 3").tag(2)
            }
            .pickerStyle(.menu)
            Spacer()
        }
        .padding(.horizontal, 20)
        .padding(.bottom)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .background(Theme.background)
    }
}

/// One row of a list on the "Settings" screen.
struct SettingsItem: Identifiable, Hashable {
    let id = UUID()
    var title: String
    var isOn: Bool
}

#Preview {
    SettingsScreen()
}
