/// Why a ``TaskRegistry`` caller did not get a value.
///
/// The shared work's own typed error passes through unchanged inside ``failed(_:)``:
///
/// ```swift
/// do {
///     let image = try await thumbnails.value(for: albumID, operation: renderer.render)
/// } catch {
///     switch error {
///     case .failed(let renderError): show(renderError)   // exactly the RenderError the work threw
///     case .cancelled: break        // this caller was cancelled, or the key was cancelled via the registry
///     }
/// }
/// ```
public enum TaskRegistryError<Failure: Error>: Error {
    /// The caller's task was cancelled while waiting, or `cancel(key)` / `cancelAll()` ended the work.
    case cancelled
    /// The shared work threw this error.
    case failed(Failure)
}

extension TaskRegistryError: Equatable where Failure: Equatable {}
