/// What a task hands on and where its code lives: analytics events made for the call, factories named by a
/// preposition, collections extended for one element type, and view controllers' moments.
extension NameCorpus {
    static let messages: [NameCase] = [
        NameCase("an analytics event made for the call says what is tracked", file: "SessionTracker.swift", """
            final class SessionTracker {
                func applicationWillResignActive() {
                    Task { await Analytics.shared.track(AnalyticsEvent.AppClose()) }
                    lastClose = Date()
                }
                func detectNewSession() {
                    Task { await Analytics.shared.track(AnalyticsEvent.SessionStart()) }
                    Task { await Analytics.shared.track(AnalyticsEvent.DeviceAttributes(locale: locale)) }
                }
            }
            """, accept: [["session-tracker-track-app-close"], ["session-tracker-track-session-start", "session-tracker-track-start"],
                          ["session-tracker-track-device-attributes"]],
            wrong: ["session-tracker-analytics-track", "session-tracker-analytics-track-2",
                    "session-tracker-application-will-resign-active"]),
        NameCase("a message's kind word is left off what is sent", file: "ChatRelay.swift", """
            final class ChatRelay {
                func userStartedTyping() {
                    Task { try await socket.emit(TypingStartedMessage(room: room)) }
                }
            }
            """, accept: [["chat-relay-emit-typing-started"]], wrong: ["chat-relay-emit-socket", "chat-relay-user-started-typing"]),
        NameCase("a factory named by a preposition keeps its first label", file: "Token.swift", """
            extension Token {
                public static func from(refreshToken: String, completion: @escaping (Result<Token, Error>) -> Void) {
                    Task {
                        do { completion(.success(try await from(refreshToken: refreshToken))) }
                        catch { completion(.failure(error)) }
                    }
                }
            }
            """, accept: [["token-from-refresh-token"]], wrong: ["token", "token-from"]),
        NameCase("a collection extended for one element type is that element's collection", file: "Objects.swift", """
            extension Sequence where Element: Invoice {
                func archiveAll(completion: @escaping (Result<Void, Error>) -> Void) {
                    Task { do { completion(.success(try await archiveAll())) } catch { completion(.failure(error)) } }
                }
            }
            extension Sequence where Element == Receipt {
                func archiveAll(completion: @escaping (Result<Void, Error>) -> Void) {
                    Task { do { completion(.success(try await archiveAll())) } catch { completion(.failure(error)) } }
                }
            }
            extension [Receipt] {
                func uploadAll() { Task { await uploader.upload(self) } }
            }
            """, accept: [["invoice-sequence-archive-all"], ["receipt-sequence-archive-all"], ["receipt-array-upload-all", "receipt-array-upload"]],
            wrong: ["sequence-archive-all", "sequence-archive-all-2", "array-upload-all"]),
        NameCase("a view controller's moment gives way to the call whose result it shows", file: "SignInViewController.swift", """
            final class SignInViewController: UIViewController {
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    Task { @MainActor in
                        do {
                            coordinator.proceed(to: try await coordinator.flow.start(with: context))
                        } catch {
                            showError(error)
                        }
                    }
                }
            }
            """, accept: [["sign-in-start-flow"]], wrong: ["sign-in-view-will-appear"]),
        NameCase("a promise's helper hands its caller's result back to itself", file: "Promise+Task.swift", """
            extension Promise {
                public func completeWithTask(_ body: @escaping @Sendable () async throws -> Value) {
                    Task {
                        do {
                            let value = try await body()
                            self.succeed(value)
                        } catch {
                            self.fail(error)
                        }
                    }
                }
            }
            """, accept: [NameCase.forwarding], wrong: ["promise-succeed", "promise-complete-with-task"]),
        NameCase("a verb that ends like a participle is still a verb", file: "CheckoutFlow.swift", """
            final class CheckoutFlow {
                func handle(_ event: Event) {
                    Task { await wizard.proceed() }
                }
            }
            """, accept: [["checkout-flow-proceed-wizard", "checkout-flow-proceed"]], wrong: ["checkout-flow-handle"]),
    ]
}
