package dev.switchboard.kernel.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpRoute;

class HttpEndpointRegistryTest {

    private final HttpEndpointRegistry registry = new HttpEndpointRegistry();

    @Test
    void aRegisteredRouteIsFoundWithItsParametersAndItsMethodsListed() {
        HttpEndpoint feed = endpoint("GET", "/board/{channel}/feed");
        registry.register("mailbox", List.of(feed, endpoint("POST", "/board/{channel}/feed")));

        assertThat(registry.find("GET", "/board/ops/feed")).hasValueSatisfying(match -> {
            assertThat(match.owner()).isEqualTo("mailbox");
            assertThat(match.endpoint()).isSameAs(feed);
            assertThat(match.pathParameters()).isEqualTo(Map.of("channel", "ops"));
        });
        assertThat(registry.find("DELETE", "/board/ops/feed")).isEmpty();
        assertThat(registry.methods("/board/ops/feed")).isEqualTo(Set.of("GET", "POST"));
        assertThat(registry.methods("/elsewhere")).isEmpty();
    }

    @Test
    void aLaterPluginsOverlappingRouteIsRefusedNamingBothAndTheEarlierKeepsItsRoutes() {
        registry.register("mailbox", List.of(endpoint("GET", "/board/{channel}")));

        assertThatThrownBy(() -> registry.register(
                        "dashboard", List.of(endpoint("GET", "/other"), endpoint("GET", "/board/index"))))
                .isInstanceOf(EndpointCollisionException.class)
                .hasMessage("plugin dashboard's route GET /board/index collides with plugin mailbox's route"
                        + " GET /board/{channel}");
        assertThat(registry.find("GET", "/board/index"))
                .hasValueSatisfying(m -> assertThat(m.owner()).isEqualTo("mailbox"));
        assertThat(registry.find("GET", "/other"))
                .as("all or none of the later plugin's routes")
                .isEmpty();
    }

    @Test
    void theTransportsOwnPathsCannotBeTakenWithAnyMethod() {
        assertThatThrownBy(() -> registry.register("metrics", List.of(endpoint("POST", "/mcp"))))
                .isInstanceOf(EndpointCollisionException.class)
                .hasMessageContaining("POST /mcp collides with /mcp, the MCP endpoint of transport-http");
        assertThatThrownBy(() -> registry.register("metrics", List.of(endpoint("GET", "/{probe}"))))
                .hasMessageContaining("collides with /");
    }

    @Test
    void aWithdrawnPluginsRoutesAreGoneAndFreeAgain() {
        registry.register("mailbox", List.of(endpoint("GET", "/status")));
        registry.unregister("mailbox");

        assertThat(registry.find("GET", "/status")).isEmpty();
        registry.register("other", List.of(endpoint("GET", "/status")));
        assertThat(registry.find("GET", "/status")).isPresent();
    }

    private static HttpEndpoint endpoint(String method, String path) {
        HttpRoute route = HttpRoute.of(method, path, HttpRoute.Access.OWNER);
        return new HttpEndpoint() {
            @Override
            public HttpRoute route() {
                return route;
            }

            @Override
            public EndpointResponse handle(EndpointRequest request) {
                return EndpointResponse.text(200, "ok");
            }
        };
    }
}
