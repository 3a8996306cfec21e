package dev.switchboard.bridge.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.auth.Authenticator;
import dev.switchboard.ports.auth.CredentialsUnavailableException;
import dev.switchboard.ports.call.Principal;

/**
 * A token the credential store could not check is neither accepted nor refused: 503 (never 401), a held
 * answer's second lookup says "unavailable" (never "gone"), and the log says which, one line per kind per interval.
 */
class BearerAuthenticationTest {

    private static final String TOKEN = "cct_role-5b1e0c9d7a3f2468e0b1";
    private static final Principal ROLE =
            new Principal("cct#7", Principal.Kind.CHANNEL_ROLE, Map.of("channel", "proj", "role", "dev"));
    private static final List<String> BEARER = List.of("Bearer " + TOKEN);

    /** What the store answers now: the principal, nobody, or an outage. */
    private final AtomicReference<String> store = new AtomicReference<>("live");

    private final List<String> log = new CopyOnWriteArrayList<>();
    private final BearerAuthentication authentication = new BearerAuthentication(
            new Authenticator() {
                @Override
                public Optional<Principal> authenticate(String bearerToken) {
                    return switch (store.get()) {
                        case "live" -> Optional.of(ROLE);
                        case "down" ->
                            throw new CredentialsUnavailableException(
                                    "the credential store of plugin mailbox could not answer: unreachable", null);
                        default -> Optional.empty();
                    };
                }

                @Override
                public boolean required() {
                    return true;
                }
            },
            60_000,
            log::add);

    @Test
    void aTokenTheStoreCannotCheckIsUnavailableNotUnauthorized() {
        store.set("down");

        assertThat(authentication.authenticate(BEARER, Set.of())).isInstanceOf(BearerAuthentication.Unavailable.class);
        AccessGate.Decision decision = new AccessGate(
                        new OriginPolicy(List.of("127.0.0.1"), List.of("127.0.0.1"), "plugins.transport-x"),
                        authentication)
                .admit(new AccessGate.Request(List.of("127.0.0.1:8765"), List.of(), BEARER, Set.of()));
        assertThat(decision).isInstanceOfSatisfying(AccessGate.Refused.class, refused -> {
            assertThat(refused.status()).isEqualTo(AccessGate.SERVICE_UNAVAILABLE);
            assertThat(refused.challenge()).isNull();
            assertThat(refused.message()).contains("not refused").doesNotContain(TOKEN);
        });
    }

    @Test
    void aHeldAnswersSecondLookupTellsAGoneTokenFromAStoreThatCannotSay() {
        assertThat(authentication.recheck(BEARER, ROLE)).isEqualTo(BearerAuthentication.Recheck.LIVE);

        store.set("down");
        assertThat(authentication.recheck(BEARER, ROLE)).isEqualTo(BearerAuthentication.Recheck.UNAVAILABLE);

        store.set("revoked");
        assertThat(authentication.recheck(BEARER, ROLE)).isEqualTo(BearerAuthentication.Recheck.GONE);
    }

    @Test
    void theLogSaysStorageUnavailableOrAuthenticationFailureOnceAnIntervalNeverPerRequest() {
        store.set("down");
        for (int i = 0; i < 50; i++) {
            authentication.authenticate(BEARER, Set.of());
        }
        store.set("revoked");
        for (int i = 0; i < 50; i++) {
            authentication.authenticate(BEARER, Set.of());
        }

        assertThat(log).hasSize(2);
        assertThat(log.get(0))
                .contains("storage unavailable, not an authentication failure")
                .contains("503")
                .doesNotContain(TOKEN);
        assertThat(log.get(1)).contains("authentication failure").doesNotContain(TOKEN);
    }
}
