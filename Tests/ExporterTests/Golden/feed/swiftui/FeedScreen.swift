import SwiftUI

/// The "Feed" screen, drawn in sketchd.
struct FeedScreen: View {
    var body: some View {
        TabView {
            NavigationStack {
                content
                    .navigationTitle("Feed")
                    .toolbar {
                        ToolbarItem(placement: .navigationBarLeading) {
                            Button(action: menuButtonTapped) {
                                Image(systemName: "line.3.horizontal")
                            }
                            .accessibilityLabel("Menu")
                        }
                        ToolbarItem(placement: .navigationBarTrailing) {
                            Button(action: addButtonTapped) {
                                Image(systemName: "plus")
                            }
                            .accessibilityLabel("Add")
                        }
                    }
            }
            .tabItem {
                Label("Home", systemImage: "house")
            }
            Text("Search")
                .tabItem {
                    Label("Search", systemImage: "magnifyingglass")
                }
            Text("Profile")
                .tabItem {
                    Label("Profile", systemImage: "person")
                }
        }
    }

    private var content: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                HStack(spacing: 12) {
                    Image(systemName: "person.crop.circle.fill")
                        .resizable()
                        .scaledToFit()
                        .frame(width: 48, height: 48)
                        .foregroundStyle(Theme.placeholder)
                        .clipShape(Circle())
                        .accessibilityLabel("Profile picture")
                    Text("Ada Lovelace")
                        .font(Theme.headline)
                    Spacer()
                }
                Image(systemName: "photo")
                    .font(Theme.largeTitle)
                    .foregroundStyle(Theme.placeholder)
                    .frame(maxWidth: .infinity, minHeight: 220, maxHeight: 220)
                    .background(Theme.cardBackground, in: Theme.cardShape)
                    .accessibilityLabel("Photo")
                Text("Lorem ipsum dolor sit amet consectetur")
                    .font(Theme.body)
                HStack(spacing: 16) {
                    Image(systemName: "star")
                        .font(Theme.body)
                        .foregroundStyle(Theme.inkRed)
                        .accessibilityLabel("Favorite")
                    Image(systemName: "square.and.arrow.up")
                        .font(Theme.body)
                        .accessibilityLabel("Share")
                }
                HStack(spacing: 8) {
                    ForEach(0..<4, id: \.self) { page in
                        Circle()
                            .fill(page == 0 ? Theme.accent : Theme.placeholder)
                            .frame(width: 8, height: 8)
                    }
                }
                .accessibilityElement(children: .ignore)
                .accessibilityLabel("Page 1 of 4")
                Divider()
                Spacer()
            }
            .padding(.horizontal, 20)
            .padding(.bottom)
        }
        .background(Theme.background)
    }

    private func menuButtonTapped() {
        // Runs when "Menu" is tapped.
    }

    private func addButtonTapped() {
        // Runs when "Add" is tapped.
    }
}

#Preview {
    FeedScreen()
}
