import Foundation

/// A client with its own `Task` type: inside it, `Task(…)` is this type, not Swift's.
final class HTTPClient {
    struct Task {
        let request: URLRequest
        init(request: URLRequest) { self.request = request }
    }

    func send(_ request: URLRequest) -> Task {
        Task(request: request)
    }
}

extension HTTPClient {
    func resend(_ task: Task) -> Task { Task(request: task.request) }
}

/// Outside HTTPClient, `Task` is Swift's again.
enum CoverDownloader {
    static func start(_ url: URL) {
        Task(name: "cover-download") { _ = try? await URLSession.shared.data(from: url) }
    }
}
