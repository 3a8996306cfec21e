package dev.switchboard.plugin.mailbox.hook.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;

import org.junit.jupiter.api.Test;

class HookInputRulesTest {

    @Test
    void tokenLikeArgumentsAreFoundBareOrAsAFlagValue() {
        assertThat(TokenArguments.firstTokenLike(List.of("status", "cct_abc"))).contains(1);
        assertThat(TokenArguments.firstTokenLike(List.of("--token=ccv_x"))).contains(0);
        assertThat(TokenArguments.firstTokenLike(List.of("--role=cca_x"))).contains(0);
        assertThat(TokenArguments.firstTokenLike(List.of("sbt_owner"))).contains(0);
        assertThat(TokenArguments.firstTokenLike(List.of("status", "--role", "backend")))
                .isEmpty();
    }

    @Test
    void tokensBehindWhitespaceOrInsideAUrlOrAssignmentAreTokenLikeButAPathThatOnlyNamesAPrefixIsNot() {
        String token = "cct_eKzQ0a1b2c3d4e5f6g7h8i9j";
        assertThat(TokenArguments.isTokenLike("  " + token)).isTrue();
        assertThat(TokenArguments.isTokenLike("\t" + token)).isTrue();
        assertThat(TokenArguments.isTokenLike("https://x.example/" + token)).isTrue();
        assertThat(TokenArguments.isTokenLike("AI_AGENT_CHANNEL_TOKEN=" + token))
                .isTrue();
        assertThat(TokenArguments.isTokenLike("/home/me/cct_notes.txt")).isFalse();
        assertThat(TokenArguments.isTokenLike("backend")).isFalse();
    }

    @Test
    void httpsAndLoopbackHttpAreAcceptedAndATrailingMcpIsStripped() {
        assertThat(ServerUrl.parse("https://channel.example.com/mcp"))
                .isEqualTo(URI.create("https://channel.example.com"));
        assertThat(ServerUrl.parse("http://127.0.0.1:8765/")).isEqualTo(URI.create("http://127.0.0.1:8765"));
        assertThat(ServerUrl.parse("http://localhost:9/base/mcp/")).isEqualTo(URI.create("http://localhost:9/base"));
        assertThat(ServerUrl.parse("http://[::1]:8765")).isEqualTo(URI.create("http://[::1]:8765"));
    }

    @Test
    void plainHttpToAnotherHostAndOtherSchemesAreRefused() {
        assertThatThrownBy(() -> ServerUrl.parse("http://example.com"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("https://");
        assertThatThrownBy(() -> ServerUrl.parse("http://10.0.0.1:8765")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ServerUrl.parse("ftp://localhost")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ServerUrl.parse("https://user:pw@example.com"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aWatchWakesOnGrowthReportsAnOutageOnceAndBacksOffToFiveMinutes() {
        WatchState watch = new WatchState(java.time.Duration.ofSeconds(30));
        java.util.Map<String, Integer> one = java.util.Map.of("unread", 1);
        assertThat(watch.observed(new RoleCounts("local", "b", one)))
                .extracting(WatchState.Event::kind)
                .containsExactly("wake");
        assertThat(watch.observed(new RoleCounts("local", "b", one))).isEmpty();
        assertThat(watch.failed("down")).extracting(WatchState.Event::kind).containsExactly("outage");
        assertThat(watch.nextDelay()).hasSeconds(60);
        assertThat(watch.failed("down")).isEmpty();
        for (int i = 0; i < 6; i++) {
            watch.failed("down");
        }
        assertThat(watch.nextDelay()).hasSeconds(300);
        assertThat(watch.observed(new RoleCounts("local", "b", java.util.Map.of("unread", 2))))
                .extracting(WatchState.Event::kind)
                .containsExactly("recovery", "wake");
        assertThat(watch.nextDelay()).hasSeconds(30);
    }
}
