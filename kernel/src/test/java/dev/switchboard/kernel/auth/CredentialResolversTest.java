package dev.switchboard.kernel.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.auth.CredentialResolver;
import dev.switchboard.ports.auth.CredentialsUnavailableException;
import dev.switchboard.ports.auth.PresentedCredential;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageException;

/** The kernel's authentication asks the owner token first, then each plugin's credential resolver. */
class CredentialResolversTest {

    private static final Principal ROLE =
            new Principal("cct#1", Principal.Kind.CHANNEL_ROLE, Map.of("channel", "proj", "role", "a"));

    private final String owner = TokenFormat.generate();
    private final List<PresentedCredential> asked = new ArrayList<>();
    private final CredentialResolvers resolvers = new CredentialResolvers();
    private final KernelAuthenticator authenticator =
            new KernelAuthenticator(List.of(new OwnerTokenStore(TokenDigest.of(owner))), resolvers, true);

    @Test
    @DisplayName(
            "a plugin's resolver gets the token's prefix and SHA-256 digest, never the token, after the owner check")
    void resolverSeesDigestAndPrefix() throws Exception {
        String token = "cct_" + "x".repeat(43);
        resolvers.register("mailbox", List.of(recording(Optional.of(ROLE))));

        assertThat(authenticator.authenticate(token)).contains(ROLE);
        assertThat(authenticator.authenticate(owner)).contains(OwnerTokenStore.OWNER);

        assertThat(asked).singleElement().satisfies(credential -> {
            assertThat(credential.prefix()).isEqualTo("cct_");
            assertThat(credential.sha256())
                    .isEqualTo(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
            assertThat(credential.toString()).doesNotContain("cct_").doesNotContain(credential.sha256Hex());
        });
    }

    @Test
    @DisplayName("3C.137 a non-ASCII bearer is refused before any resolver is asked, never an error")
    void nonAsciiBearerIsRefused() {
        resolvers.register("mailbox", List.of(recording(Optional.of(ROLE))));

        assertThat(authenticator.authenticate("cct_\u00e9\u00ff")).isEmpty();
        assertThat(authenticator.authenticate("cct_é" + "x".repeat(40))).isEmpty();
        assertThat(asked).isEmpty();
    }

    @Test
    @DisplayName(
            "a resolver that throws counts as unknown and the next is asked; a withdrawn plugin's tokens stop at once")
    void failingAndWithdrawnResolvers() {
        String token = "cct_" + "y".repeat(43);
        resolvers.register("broken", List.of(credential -> {
            throw new IllegalStateException("store down");
        }));
        resolvers.register("mailbox", List.of(recording(Optional.of(ROLE))));

        assertThat(authenticator.authenticate(token)).contains(ROLE);

        resolvers.unregister("mailbox");

        assertThat(authenticator.authenticate(token)).isEmpty();
    }

    @Test
    @DisplayName("a resolver whose store cannot answer makes the token unavailable, never unknown")
    void storageFailureIsUnavailableNotUnknown() {
        String token = "cct_" + "z".repeat(43);
        resolvers.register("mailbox", List.of(credential -> {
            throw new StorageBusyException("the mailbox database is unreachable for reading");
        }));

        assertThatThrownBy(() -> authenticator.authenticate(token))
                .isInstanceOf(CredentialsUnavailableException.class)
                .hasMessageContaining("plugin mailbox")
                .hasMessageContaining("unreachable")
                .hasMessageNotContaining(token);
        // the owner token is checked first and never depends on a plugin's store
        assertThat(authenticator.authenticate(owner)).contains(OwnerTokenStore.OWNER);
    }

    @Test
    @DisplayName("another resolver that knows the token still wins over one whose store cannot answer")
    void anotherResolverStillWinsDuringAnOutage() {
        String token = "cct_" + "w".repeat(43);
        resolvers.register("down", List.of(credential -> {
            throw new StorageException("read from a file failed: SQLITE_CANTOPEN");
        }));
        resolvers.register("mailbox", List.of(recording(Optional.of(ROLE))));

        assertThat(authenticator.authenticate(token)).contains(ROLE);
    }

    @Test
    @DisplayName("a token without an early underscore is handed over with an empty prefix")
    void prefixOnlyWhenEarly() {
        assertThat(KernelAuthenticator.prefix("ccv_abc")).isEqualTo("ccv_");
        assertThat(KernelAuthenticator.prefix("abcdefghij_k")).isEmpty();
        assertThat(KernelAuthenticator.prefix("plain")).isEmpty();
    }

    private CredentialResolver recording(Optional<Principal> answer) {
        return credential -> {
            asked.add(credential);
            return answer;
        };
    }
}
