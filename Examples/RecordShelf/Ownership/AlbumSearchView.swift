import SwiftUI

// task-in-on-appear: tasks started from .onAppear / .onChange outlive the view; .task / .task(id:) would
// cancel them when the view goes away or the query changes.
struct AlbumSearchView: View {
    @State private var query = ""
    @State private var results: [String] = []

    var body: some View {
        List(results, id: \.self) { Text($0) }
            .searchable(text: $query)
            .onAppear {
                Task { results = await AlbumSearch.recent() }
            }
            .onChange(of: query) { _, newQuery in
                Task { results = await AlbumSearch.search(newQuery) }
            }
    }
}

// Does not trigger: .task(id:) owns the search and cancels the previous one when the query changes.
struct OwnedAlbumSearchView: View {
    @State private var query = ""
    @State private var results: [String] = []

    var body: some View {
        List(results, id: \.self) { Text($0) }
            .searchable(text: $query)
            .task(id: query) { results = await AlbumSearch.search(query) }
    }
}

enum AlbumSearch {
    static func recent() async -> [String] { [] }
    static func search(_ query: String) async -> [String] { [] }
}
