package dev.switchboard.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.config.ConfigLoader;
import dev.switchboard.kernel.config.SwitchboardConfig;

/** Which configurations the direct path leaves to the full path, read from real installation directories. */
class FullPathRulesTest {

    @TempDir
    Path home;

    @BeforeEach
    void installation() throws IOException {
        Files.createDirectories(home.resolve("config"));
        Files.createDirectories(home.resolve("plugins"));
        Files.writeString(home.resolve("plugins/plugin-mailbox.zip"), "zip");
    }

    private SwitchboardConfig config(String yaml, Map<String, String> env) throws IOException {
        Files.writeString(home.resolve("config/application.yaml"), yaml);
        return new ConfigLoader().load(home, null, env, home.resolve("user"));
    }

    @Test
    void theDefaultSqliteInstallationWithTheMailboxEnabledIsAnsweredDirectly() throws IOException {
        assertThat(FullPathRules.reason(config("kernel:\n  storage: sqlite\n", Map.of())))
                .isEmpty();
    }

    @Test
    void postgresStorageWithItsPluginEnabledIsAnsweredDirectlyFromTheFileOrTheEnvironment() throws IOException {
        Files.writeString(home.resolve("plugins/plugin-storage-postgres.zip"), "zip");

        assertThat(FullPathRules.reason(config("kernel:\n  storage: postgres\n", Map.of())))
                .isEmpty();
        assertThat(FullPathRules.reason(config("", Map.of("SWITCHBOARD_KERNEL__STORAGE", "postgres"))))
                .isEmpty();
    }

    @Test
    void postgresStorageWhosePluginIsNotCertainlyEnabledGoesToTheFullPath() throws IOException {
        assertThat(FullPathRules.reason(config("kernel:\n  storage: postgres\n", Map.of()))
                        .orElseThrow())
                .startsWith("no plugin-storage-postgres.zip");

        Files.writeString(home.resolve("plugins/plugin-storage-postgres.zip"), "zip");
        Files.writeString(home.resolve("plugins/disabled.txt"), "storage-postgres\n");
        assertThat(FullPathRules.reason(config("kernel:\n  storage: postgres\n", Map.of())))
                .contains("the storage-postgres plugin is disabled");
    }

    @Test
    void anotherStorageGoesToTheFullPath() throws IOException {
        assertThat(FullPathRules.reason(config("kernel:\n  storage: mysql\n", Map.of())))
                .contains("kernel.storage is mysql");
    }

    @Test
    void aHandoffConsumerGoesToTheFullPathWhoseHandoffPluginCountsItsHandoffs() throws IOException {
        assertThat(FullPathRules.reason(config("plugins:\n  handoff:\n    consumer: codex\n", Map.of())))
                .contains("plugins.handoff.consumer is set");
        assertThat(FullPathRules.reason(config("plugins:\n  handoff:\n    consumer: ''\n", Map.of())))
                .isEmpty();
    }

    @Test
    void aMailboxThatIsNotCertainlyEnabledGoesToTheFullPath() throws IOException {
        Files.writeString(home.resolve("plugins/disabled.txt"), "workspace\nmailbox\n");
        assertThat(FullPathRules.reason(config("", Map.of()))).contains("the mailbox plugin is disabled");

        Files.writeString(home.resolve("plugins/disabled.txt"), "workspace\n");
        Files.writeString(home.resolve("plugins/enabled.txt"), "mailbox\n");
        assertThat(FullPathRules.reason(config("", Map.of())))
                .contains("plugins/enabled.txt decides which plugins run");

        Files.delete(home.resolve("plugins/enabled.txt"));
        Files.delete(home.resolve("plugins/plugin-mailbox.zip"));
        assertThat(FullPathRules.reason(config("", Map.of())).orElseThrow()).startsWith("no plugin-mailbox.zip");
    }
}
