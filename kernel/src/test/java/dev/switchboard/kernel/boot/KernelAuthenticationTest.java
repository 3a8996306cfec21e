package dev.switchboard.kernel.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.auth.AuthSetupException;
import dev.switchboard.kernel.auth.OwnerTokenFile;
import dev.switchboard.kernel.auth.OwnerTokenStore;
import dev.switchboard.kernel.config.AuthSettings;
import dev.switchboard.kernel.config.KernelSettings;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.plugin.TestPlugins;
import dev.switchboard.ports.auth.Authenticator;

class KernelAuthenticationTest {

    @TempDir
    Path home;

    private Path tokenFile;

    @BeforeEach
    void setUp() throws IOException {
        TestPlugins.installGreeterAndStorage(home.resolve("plugins"));
        tokenFile = home.resolve("state/owner.token");
    }

    @Test
    void startingTheKernelAloneDoesNotCreateTheToken() {
        try (Kernel kernel = Kernel.start(config(true))) {
            assertThat(kernel.tools().tools()).isNotEmpty();
        }
        assertThat(tokenFile).doesNotExist();
    }

    @Test
    void theBoundAuthenticatorAcceptsTheOwnerTokenFromItsFile() throws IOException {
        try (Kernel kernel = Kernel.start(config(true))) {
            Authenticator authenticator = kernel.authenticator();

            assertThat(authenticator.required()).isTrue();
            assertThat(authenticator.authenticate(token())).contains(OwnerTokenStore.OWNER);
            assertThat(authenticator.authenticate("sbt_" + "A".repeat(43))).isEmpty();
            assertThat(kernel.authenticator()).isSameAs(authenticator);
        }
    }

    @Test
    void afterRotationTheRunningKernelTakesTheNewTokenAndRefusesTheOldWithoutARestart() throws IOException {
        String old;
        try (Kernel first = Kernel.start(config(true))) {
            Authenticator running = first.authenticator();
            old = token();
            assertThat(running.authenticate(old)).contains(OwnerTokenStore.OWNER);

            new OwnerTokenFile(tokenFile).rotate();

            // the running server follows its token file (ADR 34)
            assertThat(running.authenticate(old)).isEmpty();
            assertThat(running.authenticate(token())).contains(OwnerTokenStore.OWNER);
        }
        try (Kernel restarted = Kernel.start(config(true))) {
            assertThat(restarted.authenticator().authenticate(old)).isEmpty();
            assertThat(restarted.authenticator().authenticate(token())).contains(OwnerTokenStore.OWNER);
        }
    }

    @Test
    void withAuthenticationOffNothingIsRequiredNoTokenIsAcceptedAndNoFileIsCreated() {
        try (Kernel kernel = Kernel.start(config(false))) {
            assertThat(kernel.authenticator().required()).isFalse();
            assertThat(kernel.authenticator().authenticate("sbt_" + "A".repeat(43)))
                    .isEmpty();
        }
        assertThat(tokenFile).doesNotExist();
    }

    @Test
    void anExposedTokenFileIsRefusedWhenTheAuthenticatorIsFirstNeeded() throws IOException {
        new OwnerTokenFile(tokenFile).rotate();
        Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("rw-rw-r--"));

        try (Kernel kernel = Kernel.start(config(true))) {
            assertThatThrownBy(kernel::authenticator)
                    .isInstanceOf(AuthSetupException.class)
                    .hasMessageContaining(tokenFile.toString());
        }
    }

    private String token() throws IOException {
        return Files.readString(tokenFile).strip();
    }

    private SwitchboardConfig config(boolean required) {
        Path state = home.resolve("state");
        KernelSettings kernel = new KernelSettings(
                state,
                home.resolve("plugins"),
                "memory",
                List.of(),
                Map.of(),
                new AuthSettings(required, tokenFile, true));
        return new SwitchboardConfig(home, null, kernel, Map.of());
    }
}
