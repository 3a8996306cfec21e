package dev.switchboard.kernel.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.config.AuthSettings;
import dev.switchboard.kernel.config.KernelSettings;
import dev.switchboard.kernel.config.SwitchboardConfig;

class ServeAuthCheckTest {

    @TempDir
    Path state;

    @Test
    @DisplayName("3C.134 (Switchboard's form, docs/mailbox-guide.md): HTTP off loopback never serves without"
            + " authentication")
    void refusesHttpOnANonLoopbackAddressWithAuthenticationOff() {
        SwitchboardConfig config =
                config(false, List.of("stdio", "http")).withPluginSetting("transport-http", "host", "0.0.0.0");

        assertThatThrownBy(() -> ServeAuthCheck.verify(config))
                .isInstanceOf(AuthSetupException.class)
                .hasMessageContaining("0.0.0.0")
                .hasMessageContaining("kernel.auth.required: false");
        assertThat(tokenFile()).doesNotExist();
    }

    @Test
    void allowsLoopbackHttpWithAuthenticationOffWithoutTouchingTheTokenFile() {
        SwitchboardConfig byDefault = config(false, List.of("http"));
        SwitchboardConfig named = byDefault.withPluginSetting("transport-http", "host", "localhost");

        assertThatCode(() -> ServeAuthCheck.verify(byDefault)).doesNotThrowAnyException();
        assertThatCode(() -> ServeAuthCheck.verify(named)).doesNotThrowAnyException();
        assertThat(tokenFile()).doesNotExist();
    }

    @Test
    void ignoresTheHostWhenHttpIsNotServed() {
        SwitchboardConfig config =
                config(false, List.of("stdio")).withPluginSetting("transport-http", "host", "0.0.0.0");

        assertThat(ServeAuthCheck.unauthenticatedExposure(config)).isEmpty();
    }

    @Test
    @DisplayName("3C.134 (Switchboard's form): no admin token in the environment is needed: the owner token is"
            + " generated")
    void withAuthenticationOnAnyAddressIsAllowedAndTheTokenIsGenerated() {
        SwitchboardConfig config = config(true, List.of("http")).withPluginSetting("transport-http", "host", "0.0.0.0");

        ServeAuthCheck.verify(config);

        assertThat(tokenFile()).exists();
    }

    private Path tokenFile() {
        return state.resolve(AuthSettings.DEFAULT_TOKEN_FILE);
    }

    private SwitchboardConfig config(boolean required, List<String> transports) {
        KernelSettings kernel = new KernelSettings(
                state,
                state.resolve("plugins"),
                "memory",
                transports,
                Map.of(),
                new AuthSettings(required, tokenFile(), true));
        return new SwitchboardConfig(state, null, kernel, Map.of());
    }
}
