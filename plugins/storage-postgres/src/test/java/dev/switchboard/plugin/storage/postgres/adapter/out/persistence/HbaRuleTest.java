package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class HbaRuleTest {

    private static HbaRule rule(String type, String user, String address, String method) {
        return new HbaRule(1, type, List.of("all"), List.of(user), address, method);
    }

    @Test
    void trustFromANonLoopbackAddressLetsTheRoleInWithoutAPassword() {
        assertThat(rule("host", "all", "0.0.0.0", "trust").letsInWithoutPassword("app", List.of()))
                .isTrue();
        assertThat(rule("hostssl", "app", "10.0.0.0", "ident").letsInWithoutPassword("app", List.of()))
                .isTrue();
        assertThat(rule("host", "+team", "samenet", "trust").letsInWithoutPassword("app", List.of("team")))
                .isTrue();
    }

    @Test
    void loopbackLocalSocketsPasswordsAndOtherRolesDoNot() {
        assertThat(rule("host", "all", "127.0.0.1", "trust").letsInWithoutPassword("app", List.of()))
                .isFalse();
        assertThat(rule("host", "all", "::1", "trust").letsInWithoutPassword("app", List.of()))
                .isFalse();
        assertThat(rule("local", "all", "", "trust").letsInWithoutPassword("app", List.of()))
                .isFalse();
        assertThat(rule("host", "all", "0.0.0.0", "scram-sha-256").letsInWithoutPassword("app", List.of()))
                .isFalse();
        assertThat(rule("host", "other", "0.0.0.0", "trust").letsInWithoutPassword("app", List.of()))
                .isFalse();
        assertThat(rule("host", "+team", "0.0.0.0", "trust").letsInWithoutPassword("app", List.of()))
                .isFalse();
    }
}
