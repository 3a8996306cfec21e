package dev.switchboard.kernel.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.config.ConfigLoader;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.transport.AttachUnavailableException;

/** Which transports {@code serve} starts around attach, and what it sets for the attach transport. */
class ServeAttachTest {

    @TempDir
    Path home;

    private SwitchboardConfig config(Map<String, String> env) {
        Map<String, String> all = new java.util.HashMap<>(env);
        all.putIfAbsent("SWITCHBOARD_KERNEL__STATE_DIR", home.resolve("state").toString());
        return new ConfigLoader().load(home, null, all, home);
    }

    private static CommandLine line(String... args) throws Exception {
        return new DefaultParser().parse(ServeOptions.options(), args);
    }

    private static ServeOptions.AttachMode mode(SwitchboardConfig loaded, String... args) throws Exception {
        CommandLine line = line(args);
        return ServeOptions.attachMode(line, ServeOptions.apply(line, loaded));
    }

    @Test
    void sharedServesTheAttachSocketOnly() throws Exception {
        SwitchboardConfig applied = ServeOptions.apply(line("--shared"), config(Map.of()));

        assertThat(applied.kernel().transports()).containsExactly("attach");
        assertThat(mode(config(Map.of()), "--shared")).isEqualTo(ServeOptions.AttachMode.SHARED);
    }

    @Test
    void httpServesAttachBesideItUnlessTurnedOff() throws Exception {
        assertThat(mode(config(Map.of()), "--http")).isEqualTo(ServeOptions.AttachMode.ALONGSIDE);
        assertThat(mode(config(Map.of()), "--http", "--no-attach")).isEqualTo(ServeOptions.AttachMode.NONE);
        assertThat(mode(config(Map.of("SWITCHBOARD_KERNEL__ATTACH", "false")), "--http"))
                .isEqualTo(ServeOptions.AttachMode.NONE);
    }

    @Test
    void stdioServesInThisProcessWithOrWithoutNoAttach() throws Exception {
        assertThat(mode(config(Map.of()))).isEqualTo(ServeOptions.AttachMode.NONE);
        assertThat(mode(config(Map.of()), "--no-attach")).isEqualTo(ServeOptions.AttachMode.NONE);
        assertThat(ServeOptions.apply(line("--no-attach"), config(Map.of()))
                        .kernel()
                        .transports())
                .containsExactly("stdio");
    }

    @Test
    void sharedWithATransportOptionIsAUsageError() {
        assertThatThrownBy(() -> ServeOptions.apply(line("--shared", "--http"), config(Map.of())))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("--shared");
    }

    @Test
    void theAttachTransportGetsItsSocketAndModeInItsPluginSettings() throws Exception {
        SwitchboardConfig loaded = config(Map.of());
        try (ServeAttach attach = ServeAttach.prepare(ServeOptions.AttachMode.ALONGSIDE, loaded)) {
            SwitchboardConfig served = attach.apply(ServeOptions.apply(line("--http"), loaded));

            assertThat(served.kernel().transports()).containsExactly("http", "attach");
            @SuppressWarnings("unchecked")
            Map<String, Object> settings =
                    (Map<String, Object>) served.pluginConfig("transport-stdio").get("attach");
            assertThat(settings).containsEntry("shared", false).containsKeys("build", "key", "session-variables");
            Path socket = Path.of((String) settings.get("socket"));
            assertThat(socket.getParent())
                    .isEqualTo(home.resolve("state/attach").toAbsolutePath());
            assertThat(socket.getFileName().toString()).matches("[0-9a-f]{16}\\.sock");
            assertThat(settings.get("key") + ".sock")
                    .isEqualTo(socket.getFileName().toString());
            assertThat(settings.get("transports")).isEqualTo(List.of("http", "attach"));
        }
    }

    @Test
    void whenTheSocketCannotBeServedSharedFailsAndHttpServesWithoutAttach() throws Exception {
        Path deep = home.resolve("s".repeat(120));
        SwitchboardConfig loaded = config(Map.of("SWITCHBOARD_KERNEL__STATE_DIR", deep.toString()));

        assertThatThrownBy(() -> ServeAttach.prepare(ServeOptions.AttachMode.SHARED, loaded))
                .isInstanceOf(AttachUnavailableException.class)
                .hasMessageContaining("longer than 100 bytes");
        try (ServeAttach http = ServeAttach.prepare(ServeOptions.AttachMode.ALONGSIDE, loaded)) {
            SwitchboardConfig served = http.apply(ServeOptions.apply(line("--http"), loaded));
            assertThat(served.kernel().transports()).containsExactly("http");
            assertThat(served.pluginConfig("transport-stdio")).doesNotContainKey("attach");
        }
        assertThat(Files.exists(deep.resolve("attach"))).isFalse();
    }

    @Test
    void withoutTheAttachPluginHttpServesAloneAndReleasesTheFiles() throws Exception {
        SwitchboardConfig loaded = config(Map.of());
        try (ServeAttach attach = ServeAttach.prepare(ServeOptions.AttachMode.ALONGSIDE, loaded)) {
            assertThat(attach.startable(List.of("http", "attach"), List.of("stdio", "http")))
                    .containsExactly("http");
            assertThat(Files.list(home.resolve("state/attach")).toList())
                    .as("the lock file is removed")
                    .isEmpty();
        }
    }
}
