import Foundation

@MainActor
final class WantlistStore {
    private var refreshTask: Task<Void, Never>?

    func onLaunch() {
        refreshTask = Task(name: "wantlist-refresh") { await refresh() }
    }

    func onForeground() {
        // Same name as onLaunch(): task-name-duplicate reports both sites.
        refreshTask = Task(name: "wantlist-refresh") { await refresh() }
    }

    func share(with account: Account) {
        // Not kebab-case: task-name-format.
        Task(name: "ShareWantlist") { await account.share(self) }
        // Personal data in a name: task-name-sensitive.
        Task(name: "wantlist-welcome:\(account.email)") { await account.sendWelcome() }
        // Unstable value in a name.
        Task(name: "wantlist-export:\(Date.now)") { await export() }
    }

    func legacyImport() {
        // taskwarden:disable:next unnamed-task
        Task { await LegacyImporter.run() }
    }

    private func refresh() async {}
    private func export() async {}
}
