/// Words that must stay together: an idiom that says a word twice (`picture-in-picture`), a getter whose head
/// noun the prefix also says (`room-for-identifier`), and a delegate's event cut to fit (`did-receive-request`).
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
        NameCase("a weak wrapper hops a delegate's long events to the main actor", file: "TransferProxy.swift", """
            final class WeakTransferControllerProxy: TransferControllerDelegate {
                weak var proxy: TransferControllerProxy?
                func didReceiveTransferConfirmationRequest(details: RequestDetails) {
                    Task { @MainActor in self.proxy?.didReceiveTransferConfirmationRequest(details: details) }
                }
                func didFail() {
                    Task { @MainActor in self.proxy?.didFail() }
                }
            }
            """, accept: [["transfer-controller-proxy-did-receive-request", "transfer-controller-proxy-receive-confirmation-request"],
                          ["transfer-controller-proxy-did-fail"]],
            wrong: ["weak-transfer-controller-did-receive-transfer", "transfer-controller-proxy-did-receive-confirmation",
                    "transfer-controller-proxy-report-receive"]),
    ]
}
