package dev.switchboard.kernel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.switchboard.kernel.plugin.PluginState;
import dev.switchboard.kernel.plugin.PluginStatus;

class StartLineTest {

    private static final Path STATE = Path.of("/home/me/.switchboard");

    @Test
    void namesEveryTransportWithItsAddressAndTheStateDirectory() {
        String line = StartLine.of(
                List.of("stdio", "http http://127.0.0.1:43121/mcp"),
                STATE,
                List.of(status("handoff", PluginState.STARTED)));

        assertThat(line)
                .isEqualTo("switchboard: serving stdio, http http://127.0.0.1:43121/mcp; state directory "
                        + "/home/me/.switchboard");
    }

    @Test
    void namesTheFailedPluginsAndWhereToLook() {
        String line = StartLine.of(
                List.of("stdio"),
                STATE,
                List.of(
                        status("handoff", PluginState.FAILED),
                        status("storage-sqlite", PluginState.FAILED),
                        status("workspace", PluginState.DISABLED)));

        assertThat(line).endsWith("; failed plugins: handoff, storage-sqlite (see 'switchboard doctor')");
    }

    @Test
    void hintsOnlyWhenStdioServesToATerminal() {
        assertThat(StartLine.terminalHint(List.of("stdio"), true))
                .get()
                .asString()
                .contains("MCP client");
        assertThat(StartLine.terminalHint(List.of("stdio"), false)).isEmpty();
        assertThat(StartLine.terminalHint(List.of("http http://127.0.0.1:1/mcp"), true))
                .isEmpty();
    }

    @Test
    void userHomeFollowsAnAbsoluteHomeVariableElseTheAccountsHome() {
        assertThat(Settings.userHome(Map.of("HOME", "/srv/agent"), "/home/me")).isEqualTo(Path.of("/srv/agent"));
        assertThat(Settings.userHome(Map.of("HOME", "relative"), "/home/me")).isEqualTo(Path.of("/home/me"));
        assertThat(Settings.userHome(Map.of(), "/home/me")).isEqualTo(Path.of("/home/me"));
    }

    private static PluginStatus status(String id, PluginState state) {
        String why = state == PluginState.FAILED ? "why" : null;
        return new PluginStatus(id, "1", "", state, why, why, List.of());
    }
}
