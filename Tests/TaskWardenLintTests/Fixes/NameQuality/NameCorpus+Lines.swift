/// What a task says in its own words and where it stands: a line it only logs, a place that would have to be cut,
/// a value made for the rest of the body, and the base class a protocol's implementations share.
extension NameCorpus {
    static let lines: [NameCase] = [
        NameCase("a task that only logs is named for the line it logs", file: "PlaybackSession.swift", """
            final class PlaybackSession {
                func resume() {
                    guard let player else {
                        Task { await PlaybackLog.shared.log("🎧 Resume skipped: no player attached") }
                        return
                    }
                    Task { await PlaybackLog.shared.log("Resuming playback at \\(position)") }
                    player.play()
                }
            }
            """, accept: [["playback-session-log-resume-skipped"], ["playback-session-log-resuming-playback-at", "playback-session-log-resuming-playback"]],
            wrong: ["playback-session-log-resume", "playback-session-log-resume-2"]),
        NameCase("a logged line of one word, or a tag, says nothing: the function does", file: "UploadQueue.swift", """
            final class UploadQueue {
                func drain() {
                    Task { await logger.info("Error: \\(lastError)") }
                    pending.removeAll()
                }
            }
            """, accept: [["upload-queue-log-drain"]], wrong: ["upload-queue-log-error"]),
        NameCase("a line too long to say whole is cut before a clause", file: "PlaybackSession.swift", """
            final class PlaybackSession {
                func resume() {
                    Task { await PlaybackLog.shared.log("Phone not reachable for PlaybackSession resume request") }
                }
            }
            """, accept: [["playback-session-log-phone-not-reachable"]], wrong: ["playback-session-log-phone"]),
        NameCase("a function's name that would lose a word is no place: a number tells the sites apart", file: "DashboardModel.swift", """
            final class DashboardModel {
                func setupDashboardViewConcurrently() {
                    Task { await refreshInsulinOnBoard() }
                }
                func refresh() {
                    Task { await refreshInsulinOnBoard() }
                }
            }
            """, accept: [["dashboard-refresh-insulin-on-board", "dashboard-refresh-insulin-on-board-2"],
                         ["dashboard-refresh-insulin-on-board", "dashboard-refresh-insulin-on-board-2"]],
            wrong: ["dashboard-refresh-insulin-on-board-in-setup-view"]),
        NameCase("a value the one awaited call makes for the rest of the body is a first step: the function says the work",
                 file: "ProfileModel.swift", """
            final class ProfileModel {
                func createAccount(nickname: String, avatar: Data?) {
                    Task {
                        do {
                            let avatarURL = try await MediaUploader.upload(avatar)
                            users.addDocument(["nickname": nickname, "avatar": avatarURL])
                            session.store(nickname)
                        } catch {
                            print(error)
                        }
                    }
                }
            }
            """, accept: [["profile-create-account"]], wrong: ["profile-media-uploader", "profile-upload"]),
        NameCase("a value handled or handed back ends the call's work: the call still names the task", file: "Composer.swift", """
            @MainActor final class Composer {
                func startPosting() {
                    Task { @MainActor in
                        let (status, message) = await postAllDrafts()
                        handlePostingResult(status: status, message: message)
                    }
                }
                func fetch() -> AnyPublisher<[Reading], Never> {
                    Future { promise in
                        Task {
                            let readings = await self.fetchReadings(since: self.store.syncDate())
                            promise(.success(readings))
                        }
                    }.eraseToAnyPublisher()
                }
            }
            """, accept: [["composer-post-all-drafts"], ["composer-fetch-readings"]], wrong: ["composer-start-posting", "composer-fetch"]),
        NameCase("a base class's tasks take the prefix of what it implements", file: "BaseSyncManager.swift", """
            final class BaseSyncManager: SyncManager {
                func start() {
                    Task { await pullRemoteChanges() }
                }
            }
            """, accept: [["sync-pull-remote-changes"]], wrong: ["base-sync-pull-remote-changes"]),
    ]
}
