import Foundation

// unhandled-throwing-task: the upload can throw and nobody reads the handle, so the error vanishes.
// unowned-task-loop: a forever loop in a task nobody holds: nothing can ever cancel it.
enum CloudSyncStarter {
    static func uploadPendingChanges(_ uploader: CloudUploader) {
        Task {
            try await uploader.uploadPendingReleases()
        }
    }

    static func startHeartbeat(_ uploader: CloudUploader) {
        Task.detached {
            while true {
                await uploader.sendHeartbeat()
                try? await Task.sleep(for: .seconds(60))
            }
        }
    }

    // Does not trigger: errors are handled, or the author discarded the handle on purpose.
    static func uploadQuietly(_ uploader: CloudUploader) {
        Task { try? await uploader.uploadPendingReleases() }
        _ = Task { try await uploader.uploadPendingReleases() }
        Task {
            do {
                try await uploader.uploadPendingReleases()
            } catch {
                uploader.remember(error)
            }
        }
    }
}

protocol CloudUploader: Sendable {
    func uploadPendingReleases() async throws
    func sendHeartbeat() async
    func remember(_ error: any Error)
}
