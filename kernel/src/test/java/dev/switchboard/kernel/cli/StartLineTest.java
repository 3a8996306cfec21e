package dev.switchboard.kernel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void warnsOnlyWhenGroupOrOthersCanEnterTheStateDirectory(@TempDir Path dir) throws IOException {
        Path owners = Files.createDirectory(
                dir.resolve("owners"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path open = Files.createDirectory(dir.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-x---"));

        Path spaced = Files.createDirectory(dir.resolve("it's open"));
        Files.setPosixFilePermissions(spaced, PosixFilePermissions.fromString("rwx--x--x"));

        assertThat(StartLine.openStateDirectory(spaced))
                .get()
                .asString()
                .as("the chmod to paste is one shell word")
                .endsWith("run chmod go-rwx '" + dir + "/it'\\''s open'");
        assertThat(StartLine.openStateDirectory(owners)).isEmpty();
        assertThat(StartLine.openStateDirectory(open))
                .contains("switchboard: warning: the state directory " + open + " is accessible to group or others"
                        + " [GROUP_READ, GROUP_EXECUTE]; what it holds is the owner's alone: run chmod go-rwx " + open);
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
