package dev.switchboard.ports.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

class HttpRouteTest {

    @Test
    void aParameterSegmentMatchesOneSegmentAndIsDecoded() {
        HttpRoute route = HttpRoute.of("GET", "/board/{channel}/feed", HttpRoute.Access.HANDLER);

        assertThat(route.match("/board/ops%20team/feed")).contains(Map.of("channel", "ops team"));
        assertThat(route.match("/board/ops/feed/more")).isEmpty();
        assertThat(route.match("/board//feed")).isEmpty();
        assertThat(route.match("/board/ops/feed/")).isEmpty();
    }

    @Test
    void anEncodedSlashOrMalformedEscapeInAParameterDoesNotMatch() {
        HttpRoute route = HttpRoute.of("GET", "/thread/{id}", HttpRoute.Access.HANDLER);

        assertThat(route.match("/thread/a%2Fb")).isEmpty();
        assertThat(route.match("/thread/a%zz")).isEmpty();
        assertThat(route.match("/thread/%ff")).isEmpty();
    }

    @Test
    void routesOverlapWhenSomePathMatchesBothWithTheSameMethod() {
        HttpRoute channel = HttpRoute.of("GET", "/board/{channel}", HttpRoute.Access.HANDLER);

        assertThat(channel.overlaps(HttpRoute.of("GET", "/board/index", HttpRoute.Access.OWNER)))
                .isTrue();
        assertThat(channel.overlaps(HttpRoute.of("POST", "/board/index", HttpRoute.Access.OWNER)))
                .isFalse();
        assertThat(channel.overlaps(HttpRoute.of("GET", "/board", HttpRoute.Access.OWNER)))
                .isFalse();
        assertThat(channel.overlaps(HttpRoute.of("GET", "/pin/{key}", HttpRoute.Access.OWNER)))
                .isFalse();
    }

    @Test
    void malformedRoutesAreRefusedNamingThePattern() {
        assertThatThrownBy(() -> HttpRoute.of("GET", "board", HttpRoute.Access.NONE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'board'");
        assertThatThrownBy(() -> HttpRoute.of("GET", "/a/{x}/{x}", HttpRoute.Access.NONE))
                .hasMessageContaining("{x} twice");
        assertThatThrownBy(() -> HttpRoute.of("GET", "/a b", HttpRoute.Access.NONE))
                .hasMessageContaining("malformed segment");
        assertThatThrownBy(() -> HttpRoute.of("HEAD", "/a", HttpRoute.Access.NONE))
                .hasMessageContaining("HEAD");
        assertThatThrownBy(() -> new HttpRoute("POST", "/up", HttpRoute.Access.NONE, true))
                .hasMessageContaining("health probe");
    }

    @Test
    void tooManyRequestsCarriesRetryAfterInWholeSecondsRoundedUp() {
        EndpointResponse.Complete response =
                EndpointResponse.tooManyRequests(java.time.Duration.ofMillis(4500), "too many held polls");

        assertThat(response.status()).isEqualTo(429);
        assertThat(response.headers()).containsEntry("Retry-After", java.util.List.of("5"));
    }

    @Test
    void headersTheTransportOwnsOrThatCouldSplitAResponseAreRefused() {
        assertThatThrownBy(() -> EndpointResponse.text(200, "x").withHeader("Content-Length", "1"))
                .hasMessageContaining("set by the transport");
        assertThatThrownBy(() -> EndpointResponse.text(200, "x").withHeader("X-A", "a\r\nSet-Cookie: b"))
                .hasMessageContaining("malformed");
        assertThatThrownBy(() -> EndpointResponse.text(199, "x")).hasMessageContaining("199");
    }
}
