package dev.switchboard.ports.http;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The HTTP endpoints of every started plugin, as an HTTP transport looks them up per request (so an endpoint whose
 * plugin fails or stops is gone at once). Implemented by the kernel. Thread-safe.
 */
public interface HttpEndpointCatalog {

    /** A catalog without endpoints, for transports and tests that serve none. */
    HttpEndpointCatalog NONE = new HttpEndpointCatalog() {
        @Override
        public Optional<Match> find(String method, String path) {
            return Optional.empty();
        }

        @Override
        public Set<String> methods(String path) {
            return Set.of();
        }
    };

    /**
     * A request's endpoint.
     *
     * @param owner          the id of the plugin that contributed it
     * @param endpoint       the endpoint
     * @param pathParameters the route's parameters, decoded
     */
    record Match(String owner, HttpEndpoint endpoint, Map<String, String> pathParameters) {
        /** Copies the parameters. */
        public Match {
            pathParameters = Map.copyOf(pathParameters);
        }
    }

    /**
     * @param method the request method
     * @param path   the request path, not decoded
     * @return the endpoint whose route matches, when one does
     */
    Optional<Match> find(String method, String path);

    /**
     * @param path a request path, not decoded
     * @return the methods some endpoint serves at that path (for {@code 405} and its {@code Allow}); empty when none
     */
    Set<String> methods(String path);
}
