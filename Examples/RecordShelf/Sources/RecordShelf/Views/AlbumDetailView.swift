import SwiftUI

struct AlbumDetailView: View {
    let album: Album
    @State private var tracks: [Track] = []

    var body: some View {
        List(tracks) { track in
            Button(track.title) {
                Task(name: "album-detail-play-track") { await Player.shared.play(track) }
            }
        }
        .task { tracks = await Catalog.tracks(album.id) }
        .task(id: album.id, priority: .low) { await Thumbnails.prefetch(album) }
        .task(id: album.id, reloadCredits)
    }

    private func reloadCredits() async {}
}

// Look-alikes discovery must ignore.
enum ShelfEffect {
    case task(taskID: Int)
    static func task(_ work: @escaping () async -> Void) -> ShelfEffect { .task(taskID: 0) }
}

struct ShelfReducer {
    func reduce() -> ShelfEffect {
        let effect = ShelfEffect.task { await Catalog.refresh() }
        _ = effect
        return .task(taskID: 1)
    }
}

enum BackgroundWork {
    static func backgroundTask(withName name: String, _ work: () -> Void) { work() }
    static func upload() { backgroundTask(withName: "upload") { Uploader.flush() } }
}
