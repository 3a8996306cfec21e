package dev.switchboard.plugin.transport.stdio;

import java.util.List;

import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import reactor.core.publisher.Mono;

/** The SDK's view of the stdio transport: exactly one session, created when the server is built. Thread-safe. */
final class StdioServerProvider implements McpServerTransportProvider {

    private final McpServerTransport transport;
    private final List<String> protocolVersions;
    private volatile McpServerSession session;

    /** @param protocolVersions accepted versions, oldest first (the SDK's order) */
    StdioServerProvider(McpServerTransport transport, List<String> protocolVersions) {
        this.transport = transport;
        this.protocolVersions = List.copyOf(protocolVersions);
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory sessionFactory) {
        session = sessionFactory.create(transport);
    }

    /** @return the session, once the server has been built */
    McpServerSession session() {
        McpServerSession current = session;
        if (current == null) {
            throw new IllegalStateException("the MCP server has not been built on this provider");
        }
        return current;
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        return Mono.defer(() -> session == null ? Mono.empty() : session.sendNotification(method, params));
    }

    @Override
    public Mono<Void> notifyClient(String sessionId, String method, Object params) {
        return Mono.defer(() -> session != null && session.getId().equals(sessionId)
                ? session.sendNotification(method, params)
                : Mono.empty());
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.defer(() -> session == null ? Mono.empty() : session.closeGracefully());
    }

    @Override
    public List<String> protocolVersions() {
        return protocolVersions;
    }
}
