/// A service that stops with the daemon, each by itself, as a swift-service-lifecycle `Service`
/// returns from `run()` on graceful shutdown: ``DaemonServices`` asks each in turn, and no service
/// reaches into another's state to stop it.
///
/// (`ServiceGroup` itself does not fit here: the services live on the lws loop, which runs
/// synchronously on the main thread as ``ServiceLoop``'s executor, and the C signal handler, not
/// a group, turns SIGTERM into the shutdown the tick starts.)
@ServiceLoop
protocol LifecycleService: AnyObject {
    /// Stops taking work and finishes what was accepted; returns when that is done.
    func shutDown() async
}
