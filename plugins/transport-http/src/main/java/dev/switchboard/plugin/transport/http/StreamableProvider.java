package dev.switchboard.plugin.transport.http;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStreamableServerSession;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The SDK's view of the HTTP transport: it receives the SDK's session factory when the server is built, lets the SDK
 * reach the live sessions (broadcasts and per-session notifications go to each session's GET stream; a session
 * without one misses them, as MCP allows) and closes them all when the server closes. Thread-safe.
 */
final class StreamableProvider implements McpStreamableServerTransportProvider {

    private static final Logger LOG = LoggerFactory.getLogger(StreamableProvider.class);

    private final SessionRegistry sessions;
    private final List<String> protocolVersions;
    private volatile McpStreamableServerSession.Factory factory;

    /** @param protocolVersions the versions the server accepts, oldest first (the SDK's order) */
    StreamableProvider(SessionRegistry sessions, List<String> protocolVersions) {
        this.sessions = sessions;
        this.protocolVersions = List.copyOf(protocolVersions);
    }

    @Override
    public void setSessionFactory(McpStreamableServerSession.Factory sessionFactory) {
        this.factory = sessionFactory;
    }

    /**
     * Starts an SDK session for an {@code initialize} request.
     *
     * @throws IllegalStateException if the server has not been built on this provider
     */
    McpStreamableServerSession.McpStreamableServerSessionInit startSession(McpSchema.InitializeRequest request) {
        McpStreamableServerSession.Factory current = factory;
        if (current == null) {
            throw new IllegalStateException("the MCP server has not been built on this provider");
        }
        return current.startSession(request);
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        return Flux.fromIterable(sessions.all())
                .flatMap(session -> notify(session, method, params))
                .then();
    }

    @Override
    public Mono<Void> notifyClient(String sessionId, String method, Object params) {
        return Flux.fromIterable(sessions.all())
                .filter(session -> session.sdkId().equals(sessionId))
                .flatMap(session -> notify(session, method, params))
                .then();
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(sessions::closeAll);
    }

    @Override
    public List<String> protocolVersions() {
        return protocolVersions;
    }

    private static Mono<Void> notify(HttpSession session, String method, Object params) {
        return session.sdk().sendNotification(method, params).onErrorResume(e -> {
            LOG.debug("{} not delivered to a session without a GET stream", method, e);
            return Mono.empty();
        });
    }
}
