import Foundation

struct ThumbnailRenderer {
    func render(_ album: Album) -> Task<Data, any Error> {
        Task<Data, any Error>.detached(priority: .utility) {
            try await Renderer.scale(album.coverArt, to: 240)
        }
    }

    func page(for album: Album) async throws -> AlbumPage {
        // async let children cannot be named: async-let-unnamed (enabled in this example).
        async let tracks = Catalog.tracks(album.id), cover = Catalog.cover(album.id)
        return try await AlbumPage(tracks: tracks, cover: cover)
    }
}

/// Label failure 2: tasks created inside other tasks show up as "closure #N in …" (or the runtime's thunk).
struct LibraryImporter {
    func importAll(from folder: URL) {
        Task.init {
            for file in try await Scanner.files(in: folder) {
                Task { await Importer.import(file) }
            }
        }
    }
}
