/// Calls around the work that are not its words: a per-element wrapper, collecting results, a computed local
/// that formats a message. The work inside or beside them names the task.
extension NameCorpus {
    static let bookkeeping: [NameCase] = [
        NameCase("a per-element wrapper around the real call", file: "Prefetcher.swift", """
            final class Prefetcher {
                nonisolated func stopFetching(for urls: [URL]) {
                    Task { @FetchActor in
                        for url in urls { self._stopFetching(url) }
                    }
                }
                nonisolated func stopFetching() {
                    Task { @FetchActor in
                        self.jobs.values.forEach { $0.cancel() }
                        self.jobs.removeAll()
                    }
                }
            }
            """, accept: [["prefetcher-stop-fetching"], ["prefetcher-stop-fetching-cancel", "prefetcher-stop-fetching-remove-all"]],
            wrong: ["prefetcher-stop-fetching-for-each", "prefetcher-stop-fetching-values"]),
        NameCase("a client task collects what its requests return", file: "UploadServerTests.swift", """
            final class UploadServerTests: XCTestCase {
                func testRepeatedUploadRequests() async throws {
                    try await withThrowingTaskGroup(of: [Receipt].self) { group in
                        group.addTask {
                            try await server.start()
                            return []
                        }
                        group.addTask {
                            try await Task.sleep(for: .milliseconds(50))
                            var receipts: [Receipt] = []
                            for index in 1...3 {
                                let receipt = try await self.makeUploadRequest(index: index)
                                receipts.append(receipt)
                            }
                            return receipts
                        }
                        _ = try await group.next()
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["upload-server-repeated-upload-requests-start"],
                          ["upload-server-repeated-upload-requests", "upload-server-repeated-upload-request"]],
            wrong: ["upload-server-repeated-upload-requests-append", "upload-server-repeated-make-request"]),
        NameCase("a computed local that formats the message is not the work", file: "UnhandledActionWarning.swift", """
            final class UnhandledActionWarning {
                deinit {
                    guard !handled else { return }
                    Task { @MainActor [value, origin] in
                        var rendered: String {
                            var text = ""
                            prettyDump(value, into: &text, depth: 1)
                            return text
                        }
                        reportIssue("An action sent from \\(origin) was never handled: \\(rendered)")
                    }
                }
            }
            """, accept: [["unhandled-action-warning-report-issue"]], wrong: ["unhandled-action-warning-pretty-dump"]),
        NameCase("a shutdown that calls the type's own cancel callback", file: "DownloadPipeline.swift", """
            final class DownloadPipeline {
                nonisolated func shutDown() {
                    Task { @PipelineActor in
                        guard !self.isShutDown else { return }
                        self.isShutDown = true
                        while let entry = self.downloads.first {
                            self.downloadCancelCalled(entry.value)
                        }
                    }
                }
            }
            """, accept: [["download-pipeline-shut-down"]],
            wrong: ["download-pipeline-cancel-called", "download-pipeline-handle-download-cancel-called"]),
        NameCase("a task that only logs on the main actor, in a teardown and on a failure path", file: "RenderLayer.swift", """
            final class RenderLayer {
                func uninit() {
                    client = nil
                    Task { @MainActor in
                        LoggingService.shared.debug("RenderLayer: uninit complete", category: .render)
                    }
                }
                func setupCapture(width: Int, height: Int) {
                    guard let cache = makeTextureCache() else {
                        Task { @MainActor in logger.warning("Failed to create texture cache") }
                        return
                    }
                    textureCache = cache
                }
            }
            """, accept: [["render-layer-log-uninit-complete"], ["render-layer-log-failed-to-create-texture-cache", "render-layer-log-failed-to-create"]],
            wrong: ["render-layer-uninit", "render-layer-setup-capture"]),
    ]
}
