package dev.switchboard.plugin.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.StorageException;

class SqliteSettingsTest {

    private static final Path HOME = Path.of("/home/someone");
    private static final Path STATE = Path.of("/home/someone/.switchboard");

    private static SqliteSettings settings(Map<String, Object> config) {
        return SqliteSettings.from(new PluginContext("storage-sqlite", config, STATE), HOME);
    }

    @Test
    void defaultsToSwitchboardDbInStateDirAndFiveSecondBusyTimeout() {
        SqliteSettings settings = settings(Map.of());

        assertThat(settings.file()).isEqualTo(STATE.resolve("switchboard.db"));
        assertThat(settings.busyTimeoutMs()).isEqualTo(5000);
    }

    @Test
    void expandsLeadingTildeToHome() {
        assertThat(settings(Map.of("path", "~/data/sb.db")).file()).isEqualTo(Path.of("/home/someone/data/sb.db"));
    }

    @Test
    void takesRelativePathRelativeToStateDir() {
        assertThat(settings(Map.of("path", "db/other.db")).file()).isEqualTo(STATE.resolve("db/other.db"));
    }

    @Test
    void keepsAbsolutePathNormalised() {
        assertThat(settings(Map.of("path", "/var/lib/sb/../sb2/x.db")).file()).isEqualTo(Path.of("/var/lib/sb2/x.db"));
    }

    @Test
    void treatsBlankPathAsDefault() {
        assertThat(settings(Map.of("path", "  ")).file()).isEqualTo(STATE.resolve("switchboard.db"));
    }

    @Test
    void readsBusyTimeoutGivenAsNumberOrText() {
        assertThat(settings(Map.of("busy-timeout-ms", 250)).busyTimeoutMs()).isEqualTo(250);
        assertThat(settings(Map.of("busy-timeout-ms", "0")).busyTimeoutMs()).isZero();
    }

    @Test
    void retriesABusyDatabaseFor8SecondsUnlessToldAnyWholeNumberOfMillisecondsFromZero() {
        assertThat(settings(Map.of()).busyRetry()).isEqualTo(Duration.ofSeconds(8));
        assertThat(settings(Map.of("busy-retry-ms", "0")).busyRetry()).isZero();
        assertThat(settings(Map.of("busy-retry-ms", 30_000)).busyRetry()).isEqualTo(Duration.ofSeconds(30));
        assertThatThrownBy(() -> settings(Map.of("busy-retry-ms", -1)))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("plugins.storage-sqlite.busy-retry-ms");
    }

    @Test
    void rejectsMalformedBusyTimeout() {
        assertThatThrownBy(() -> settings(Map.of("busy-timeout-ms", "soon")))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("plugins.storage-sqlite.busy-timeout-ms")
                .hasMessageContaining("soon");
        assertThatThrownBy(() -> settings(Map.of("busy-timeout-ms", -1)))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("expected a whole number from 0 to");
    }

    @Test
    void pollsForOtherProcessesSignalsEvery50MsUnlessToldWithin10To1000() {
        assertThat(settings(Map.of()).signalPoll()).isEqualTo(Duration.ofMillis(50));
        assertThat(settings(Map.of("signal-poll-ms", "100")).signalPoll()).isEqualTo(Duration.ofMillis(100));
        assertThatThrownBy(() -> settings(Map.of("signal-poll-ms", 5)))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("plugins.storage-sqlite.signal-poll-ms")
                .hasMessageContaining("from 10 to 1000");
    }

    @Test
    void rejectsPathsTheDriverWouldMisread() {
        assertThatThrownBy(() -> settings(Map.of("path", "/tmp/x.db?mode=memory")))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("plugins.storage-sqlite.path");
        assertThatThrownBy(() -> settings(Map.of("path", "~")))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("not the home directory");
    }
}
