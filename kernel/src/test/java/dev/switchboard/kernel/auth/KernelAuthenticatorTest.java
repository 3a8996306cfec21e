package dev.switchboard.kernel.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.BiPredicate;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.Principal;

class KernelAuthenticatorTest {

    private final String token = TokenFormat.generate();

    @Test
    void acceptsTheOwnerTokenAsTheOwner() {
        Optional<Principal> principal = authenticator(true).authenticate(token);

        assertThat(principal).contains(OwnerTokenStore.OWNER);
        assertThat(principal.orElseThrow().kind()).isEqualTo(Principal.Kind.OWNER);
        assertThat(principal.orElseThrow().id()).isEqualTo("owner");
    }

    @Test
    void refusesModifiedEmptyMalformedAndOtherWellFormedTokens() {
        KernelAuthenticator authenticator = authenticator(true);
        char last = token.charAt(token.length() - 1);
        List<String> refused = new ArrayList<>(List.of(
                token.substring(0, token.length() - 1) + (last == 'A' ? 'B' : 'A'),
                token.substring(0, token.length() - 1),
                token + "A",
                TokenFormat.generate(),
                token.substring(4),
                "",
                " ",
                " " + token,
                token + "\n",
                "Bearer " + token,
                token.toUpperCase(java.util.Locale.ROOT),
                "x".repeat(TokenFormat.MAX_LENGTH + 1)));
        refused.add(null);

        for (String candidate : refused) {
            assertThat(authenticator.authenticate(candidate))
                    .as("%s", candidate)
                    .isEmpty();
        }
    }

    @Test
    void comparesOnlyFixedLengthDigests() {
        List<byte[]> compared = new ArrayList<>();
        BiPredicate<byte[], byte[]> recording = (a, b) -> {
            compared.add(a);
            compared.add(b);
            return OwnerTokenStore.CONSTANT_TIME.test(a, b);
        };
        KernelAuthenticator authenticator =
                new KernelAuthenticator(List.of(new OwnerTokenStore(TokenDigest.of(token), recording)), true);

        assertThat(authenticator.authenticate(token)).isPresent();
        assertThat(authenticator.authenticate("short")).isEmpty();
        assertThat(authenticator.authenticate(token + "x".repeat(500))).isEmpty();

        assertThat(compared)
                .hasSize(6)
                .allSatisfy(bytes -> assertThat(bytes)
                        .hasSize(TokenDigest.LENGTH)
                        .isNotEqualTo(token.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void malformedTokensNeverReachTheStores() {
        List<TokenDigest> asked = new ArrayList<>();
        KernelAuthenticator authenticator = new KernelAuthenticator(
                List.of(presented -> {
                    asked.add(presented);
                    return Optional.empty();
                }),
                true);

        authenticator.authenticate("has space");
        authenticator.authenticate("");
        authenticator.authenticate(null);

        assertThat(asked).isEmpty();
    }

    @Test
    void asksStoresInOrderAndTheFirstThatKnowsTheTokenWins() {
        Principal viewer = new Principal("viewer-1", Principal.Kind.VIEWER, java.util.Map.of("channel", "ops"));
        TokenStore viewers = presented -> Optional.of(viewer);
        KernelAuthenticator authenticator =
                new KernelAuthenticator(List.of(new OwnerTokenStore(TokenDigest.of(token)), viewers), true);

        assertThat(authenticator.authenticate(token)).contains(OwnerTokenStore.OWNER);
        assertThat(authenticator.authenticate(TokenFormat.generate())).contains(viewer);
    }

    @Test
    void requiredReflectsTheSetting() {
        assertThat(authenticator(true).required()).isTrue();
        assertThat(authenticator(false).required()).isFalse();
    }

    @Test
    void keepsOnlyADigestOfTheToken() throws IllegalAccessException {
        List<Object> reachable = new ArrayList<>();
        collect(authenticator(true), reachable);

        assertThat(reachable)
                .isNotEmpty()
                .noneSatisfy(value -> assertThat(value).isIn(token, token.substring(4)))
                .noneSatisfy(value ->
                        assertThat(value).isInstanceOf(byte[].class).isEqualTo(token.getBytes(StandardCharsets.UTF_8)));
        assertThat(reachable)
                .anySatisfy(value -> assertThat(value)
                        .isInstanceOf(byte[].class)
                        .isEqualTo(TokenDigest.of(token).bytes()));
        assertThat(TokenDigest.of(token).toString()).doesNotContain(token);
    }

    private KernelAuthenticator authenticator(boolean required) {
        return new KernelAuthenticator(List.of(new OwnerTokenStore(TokenDigest.of(token))), required);
    }

    /** Collects every value reachable through the fields of Switchboard objects and the collections they hold. */
    private static void collect(Object value, List<Object> out) throws IllegalAccessException {
        if (value == null || out.stream().anyMatch(seen -> seen == value)) {
            return;
        }
        out.add(value);
        if (value instanceof Collection<?> items) {
            for (Object item : items) {
                collect(item, out);
            }
            return;
        }
        if (!value.getClass().getName().startsWith("dev.switchboard.")) {
            return;
        }
        for (Class<?> type = value.getClass(); type != null; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    field.setAccessible(true);
                    collect(field.get(value), out);
                }
            }
        }
    }
}
