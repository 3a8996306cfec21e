package dev.switchboard.ports.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** ADR 32: an attached local session is a local owner with its own directory and environment. */
class PrincipalTest {

    private static final LocalSession SESSION =
            new LocalSession(Path.of("/home/dev/project"), Map.of("AI_AGENT_CHANNEL_ROLE", "frontend"));

    @Test
    void theInProcessSessionAndEveryAttachedSessionAreLocalOwnersAndTheOwnerTokenIsNot() {
        Principal attached = Principal.attached(SESSION);

        assertThat(Principal.LOCAL_OWNER.isLocalOwner()).isTrue();
        assertThat(Principal.LOCAL_OWNER.localSession()).isEmpty();
        assertThat(attached.isLocalOwner()).isTrue();
        assertThat(attached.id()).isEqualTo(Principal.LOCAL_OWNER_ID).isEqualTo(Principal.LOCAL_OWNER.id());
        assertThat(attached.kind()).isEqualTo(Principal.Kind.OWNER);
        assertThat(attached.attributes()).isEmpty();
        assertThat(attached.localSession()).contains(SESSION);
        assertThat(new Principal("owner", Principal.Kind.OWNER, Map.of()).isLocalOwner())
                .isFalse();
        assertThat(new Principal("t1", Principal.Kind.CHANNEL_ROLE, Map.of("channel", "c", "role", "r")).isLocalOwner())
                .isFalse();
    }

    @Test
    void theThreeArgumentConstructorMakesAPrincipalWithoutASession() {
        Principal local = new Principal(Principal.LOCAL_OWNER_ID, Principal.Kind.OWNER, Map.of());

        assertThat(local).isEqualTo(Principal.LOCAL_OWNER);
        assertThat(local.localSession()).isEmpty();
        assertThat(local.isLocalOwner()).isTrue();
    }

    @Test
    void attachedPrincipalsAreEqualOnlyWhenTheirSessionsAre() {
        Principal same = Principal.attached(
                new LocalSession(Path.of("/home/dev/project"), Map.of("AI_AGENT_CHANNEL_ROLE", "frontend")));
        Principal other = Principal.attached(
                new LocalSession(Path.of("/home/dev/project"), Map.of("AI_AGENT_CHANNEL_ROLE", "backend")));

        assertThat(Principal.attached(SESSION))
                .isEqualTo(same)
                .hasSameHashCodeAs(same)
                .isNotEqualTo(other);
        assertThat(Principal.attached(SESSION)).isNotEqualTo(Principal.LOCAL_OWNER);
    }

    @Test
    void onlyALocalOwnerMayCarryASession() {
        assertThatThrownBy(() -> new Principal("owner", Principal.Kind.OWNER, Map.of(), Optional.of(SESSION)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("only a local owner");
        assertThatThrownBy(() -> new Principal(
                        Principal.LOCAL_OWNER_ID, Principal.Kind.CHANNEL_ROLE, Map.of(), Optional.of(SESSION)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Principal(
                        Principal.LOCAL_OWNER_ID, Principal.Kind.OWNER, Map.of("role", "x"), Optional.of(SESSION)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Principal("id", Principal.Kind.OWNER, Map.of(), null))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void aSessionReadsItsVariablesAndNeverPrintsTheirValues() {
        LocalSession session =
                new LocalSession(Path.of("/work"), Map.of("SWITCHBOARD_TOKEN", "sb_secret-value", "EMPTY", ""));

        assertThat(session.variable("SWITCHBOARD_TOKEN")).contains("sb_secret-value");
        assertThat(session.variable("EMPTY")).contains("");
        assertThat(session.variable("UNSET")).isEmpty();
        assertThat(session.toString()).isEqualTo("LocalSession[workingDirectory=/work, environment=2 variables]");
        assertThat(Principal.attached(session).toString()).doesNotContain("sb_secret-value");
    }

    @Test
    void aSessionNeedsAnAbsoluteDirectoryAndNoNullVariable() {
        assertThatThrownBy(() -> new LocalSession(Path.of("relative"), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("absolute");
        java.util.HashMap<String, String> withNull = new java.util.HashMap<>();
        withNull.put("NAME", null);
        assertThatThrownBy(() -> new LocalSession(Path.of("/work"), withNull)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new LocalSession(Path.of("/work"), Map.of()).variable(null))
                .isInstanceOf(NullPointerException.class);
    }
}
