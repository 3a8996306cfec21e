package dev.switchboard.kernel.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import jakarta.inject.Singleton;

import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpEndpointCatalog;
import dev.switchboard.ports.http.HttpRoute;

/**
 * The HTTP endpoints of started plugins, checked for collisions as each plugin registers: a route that overlaps one
 * already registered, or a path the HTTP transport serves itself, refuses the whole plugin's endpoints (so the later
 * plugin fails, and the earlier keeps its routes). Lookups read an immutable snapshot. Thread-safe.
 */
@Singleton
public final class HttpEndpointRegistry implements HttpEndpointCatalog {

    /** The paths the HTTP transport serves itself, for every method: an endpoint may not take them. */
    static final Map<String, String> RESERVED = Map.of(
            "/mcp", "the MCP endpoint of transport-http",
            "/healthz", "the liveness probe of transport-http",
            "/readyz", "the readiness probe of transport-http");

    private volatile List<Entry> entries = List.of();

    /**
     * Registers a plugin's endpoints, all or none.
     *
     * @param owner       the plugin id
     * @param contributed its endpoints
     * @throws EndpointCollisionException if a route overlaps another plugin's, another of the same plugin's, or a
     *                                    reserved path
     */
    public synchronized void register(String owner, List<HttpEndpoint> contributed) {
        List<Entry> next = new ArrayList<>(entries);
        for (HttpEndpoint endpoint : contributed) {
            HttpRoute route = endpoint.route();
            RESERVED.forEach((path, what) -> {
                if (route.pathsOverlap(path)) {
                    throw new EndpointCollisionException(
                            "plugin " + owner + "'s route " + route + " collides with " + path + ", " + what);
                }
            });
            for (Entry existing : next) {
                if (existing.route().overlaps(route)) {
                    throw new EndpointCollisionException("plugin " + owner + "'s route " + route
                            + " collides with plugin " + existing.owner() + "'s route " + existing.route());
                }
            }
            next.add(new Entry(owner, route, endpoint));
        }
        entries = List.copyOf(next);
    }

    /** @param owner the plugin whose endpoints to withdraw */
    public synchronized void unregister(String owner) {
        entries = entries.stream().filter(e -> !e.owner().equals(owner)).toList();
    }

    @Override
    public Optional<Match> find(String method, String path) {
        for (Entry entry : entries) {
            if (entry.route().method().equals(method)) {
                Optional<Map<String, String>> parameters = entry.route().match(path);
                if (parameters.isPresent()) {
                    return Optional.of(new Match(entry.owner(), entry.endpoint(), parameters.get()));
                }
            }
        }
        return Optional.empty();
    }

    @Override
    public Set<String> methods(String path) {
        Set<String> methods = new TreeSet<>();
        for (Entry entry : entries) {
            if (entry.route().match(path).isPresent()) {
                methods.add(entry.route().method());
            }
        }
        return Set.copyOf(methods);
    }

    private record Entry(String owner, HttpRoute route, HttpEndpoint endpoint) {}
}
