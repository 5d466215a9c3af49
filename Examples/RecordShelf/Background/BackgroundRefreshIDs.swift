// Background task identifiers. Every one must be listed in Info.plist's BGTaskSchedulerPermittedIdentifiers.
enum BackgroundRefreshIDs {
    static let priceRefresh = "app.recordshelf.price-refresh"
    static let thumbnailCleanup = "app.recordshelf.thumbnail-cleanup"
    static let wantlistRefresh = "app.recordshelf.wantlist-refresh"
}
