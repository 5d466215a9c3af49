/// Words that must stay together: an idiom that says a word twice (`picture-in-picture`), and a getter whose
/// head noun the prefix also says (`room-for-identifier`).
extension NameCorpus {
    static let idioms: [NameCase] = [
        NameCase("an idiom says its word twice", file: "PlayerView.swift", """
            final class PlayerView {
                final class Coordinator {
                    nonisolated func controllerWillStopPictureInPicture(_ controller: AVPictureInPictureController) {
                        Task { await model?.send(.pictureInPictureWillStop) }
                    }
                    nonisolated func controllerDidStartPictureInPicture(_ controller: AVPictureInPictureController) {
                        Task { @MainActor in await resumePictureInPicturePlayback() }
                    }
                }
            }
            """, accept: [["player-picture-in-picture-will-stop"], ["player-resume-picture-in-picture-playback"]],
            wrong: ["player-picture-in-will-stop", "player-resume-picture-in-playback"]),
        NameCase("a getter whose head noun the prefix says", file: "ThreadFlowCoordinator.swift", """
            final class ThreadFlowCoordinator {
                func open(threadID: String) {
                    Task {
                        if let thread = await mailbox.threadForIdentifier(threadID) {
                            present(thread)
                        }
                    }
                }
            }
            """, accept: [["thread-flow-thread-for-identifier", "thread-flow-open"]],
            wrong: ["thread-flow-identifier", "thread-flow-for-identifier"]),
    ]
}
