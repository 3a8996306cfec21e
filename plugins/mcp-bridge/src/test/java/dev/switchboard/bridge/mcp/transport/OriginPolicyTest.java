package dev.switchboard.bridge.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.transport.TransportException;

/** The allowlists' parsing and matching, without a server. */
class OriginPolicyTest {

    private static final List<String> LOOPBACK_NAMES = List.of("localhost", "127.0.0.1", "[::1]");
    private static final String PREFIX = "plugins.transport-x";

    private final OriginPolicy loopback = new OriginPolicy(LOOPBACK_NAMES, LOOPBACK_NAMES, PREFIX);

    @Test
    void acceptsLoopbackHostsInAnySpellingOfCaseAndPort() {
        assertThat(loopback.check(List.of("LOCALHOST:8765"), List.of())).isEqualTo(OriginPolicy.Verdict.ALLOWED);
        assertThat(loopback.check(List.of("localhost."), List.of())).isEqualTo(OriginPolicy.Verdict.ALLOWED);
        assertThat(loopback.check(List.of("[::1]:9"), List.of())).isEqualTo(OriginPolicy.Verdict.ALLOWED);
        assertThat(loopback.check(List.of("127.0.0.1"), List.of("https://127.0.0.1:3000")))
                .isEqualTo(OriginPolicy.Verdict.ALLOWED);
    }

    @Test
    void refusesMissingRepeatedAndMalformedHosts() {
        assertThat(loopback.check(List.of(), List.of())).isEqualTo(OriginPolicy.Verdict.HOST_REFUSED);
        assertThat(loopback.check(List.of("localhost", "localhost"), List.of()))
                .isEqualTo(OriginPolicy.Verdict.HOST_REFUSED);
        for (String host : List.of(
                "",
                "[::1",
                "localhost:",
                "localhost:99999",
                "localhost:80:80",
                "local host",
                "localhost%2e",
                "127.0.0.2",
                "::1",
                "localhost/x")) {
            assertThat(loopback.check(List.of(host), List.of())).as(host).isEqualTo(OriginPolicy.Verdict.HOST_REFUSED);
        }
    }

    @Test
    void refusesOriginsThatAreNotPlainHttpOrigins() {
        for (String origin : List.of(
                "null",
                "http://localhost/",
                "http://localhost:3000/path",
                "localhost",
                "ws://localhost",
                "https://user:pw@localhost",
                "http://[::2]")) {
            assertThat(loopback.check(List.of("localhost"), List.of(origin)))
                    .as(origin)
                    .isEqualTo(OriginPolicy.Verdict.ORIGIN_REFUSED);
        }
        assertThat(loopback.check(List.of("localhost"), List.of("http://localhost", "http://localhost")))
                .isEqualTo(OriginPolicy.Verdict.ORIGIN_REFUSED);
    }

    @Test
    void matchesSchemeAndPortWhenAnEntryNamesThem() {
        OriginPolicy policy = new OriginPolicy(
                List.of("mcp.example.com:443"), List.of("https://app.example.com", "http://localhost:5173"), PREFIX);

        assertThat(policy.check(List.of("mcp.example.com:443"), List.of("https://app.example.com:8443")))
                .isEqualTo(OriginPolicy.Verdict.ALLOWED);
        assertThat(policy.check(List.of("mcp.example.com:8443"), List.of()))
                .isEqualTo(OriginPolicy.Verdict.HOST_REFUSED);
        assertThat(policy.check(List.of("mcp.example.com:443"), List.of("http://app.example.com")))
                .isEqualTo(OriginPolicy.Verdict.ORIGIN_REFUSED);
        assertThat(policy.check(List.of("mcp.example.com:443"), List.of("http://localhost:5174")))
                .isEqualTo(OriginPolicy.Verdict.ORIGIN_REFUSED);
    }

    @Test
    void refusesEveryOriginWhenTheOriginListIsEmpty() {
        OriginPolicy policy = new OriginPolicy(LOOPBACK_NAMES, List.of(), PREFIX);

        assertThat(policy.check(List.of("localhost"), List.of("http://localhost")))
                .isEqualTo(OriginPolicy.Verdict.ORIGIN_REFUSED);
        assertThat(policy.check(List.of("localhost"), List.of())).isEqualTo(OriginPolicy.Verdict.ALLOWED);
    }

    @Test
    void refusesMalformedEntriesNamingTheKey() {
        assertThatThrownBy(() -> new OriginPolicy(List.of("user@host"), List.of(), PREFIX))
                .isInstanceOf(TransportException.class)
                .hasMessageContaining(PREFIX + ".allowed-hosts");
        assertThatThrownBy(() -> new OriginPolicy(List.of("localhost"), List.of("ftp://x"), PREFIX))
                .isInstanceOf(TransportException.class)
                .hasMessageContaining(PREFIX + ".allowed-origins");
    }

    @Test
    void refusesAnEmptyHostListInsteadOfAllowingEveryHost() {
        assertThatThrownBy(() -> new OriginPolicy(List.of(), LOOPBACK_NAMES, PREFIX))
                .isInstanceOf(TransportException.class)
                .hasMessageContaining(PREFIX + ".allowed-hosts")
                .hasMessageContaining("at least one");
    }
}
