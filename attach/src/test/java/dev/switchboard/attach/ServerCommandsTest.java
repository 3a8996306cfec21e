package dev.switchboard.attach;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.cli.Console;

/** {@code server status|stop}'s command line: help, unknown options and extra words (no server runs). */
class ServerCommandsTest {

    @TempDir
    Path home;

    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();

    @Test
    void helpPrintsTheCommandsUsageAndExitsZero() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).startsWith("usage: switchboard server status [--json] | server stop [KEY|--all]");
        assertThat(out.toString()).contains("  status  ").contains("  stop    ");

        assertThat(run("status", "--help")).isZero();
        assertThat(out.toString()).startsWith("usage: switchboard server status [--json] [--home DIR]");

        assertThat(run("stop", "-h")).isZero();
        assertThat(out.toString()).startsWith("usage: switchboard server stop [KEY|--all] [--home DIR]");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void unknownOptionsAndExtraWordsAreUsageErrorsNamingThem() {
        assertUsageError(new String[] {"status", "--bogus"}, "switchboard: server status: unknown option --bogus (");
        assertUsageError(new String[] {"stop", "--all", "--bogus"}, "switchboard: server stop: unknown option --bogus");
        assertUsageError(new String[] {"status", "extra"}, "switchboard: server status: unexpected argument extra");
        assertUsageError(
                new String[] {"stop", "0123456789abcdef", "extra"},
                "switchboard: server stop: unexpected argument extra");
        assertUsageError(
                new String[] {"stop", "--all", "--all"}, "switchboard: server stop: unexpected argument --all");
        assertUsageError(new String[] {"restart"}, "switchboard: server: unknown command restart (");
        assertUsageError(new String[] {"--bogus"}, "switchboard: server: unknown option --bogus (");
        assertUsageError(new String[] {}, "switchboard: server: a command, status or stop, is needed (");
        assertUsageError(new String[] {"stop", "nokey"}, "switchboard: server stop: not a server key");
    }

    @Test
    void validCommandLinesStillRun() {
        assertThat(run("status", "--json")).isZero();
        assertThat(out.toString()).startsWith("{\"state_dir\":");
        assertThat(run("stop", "--all")).isZero();
        assertThat(out.toString()).startsWith("no shared server is running");
        assertThat(err.toString()).isEmpty();
    }

    private void assertUsageError(String[] words, String start) {
        assertThat(run(words)).as(String.join(" ", words)).isEqualTo(AttachMain.USAGE);
        assertThat(err.toString()).startsWith(start).endsWith(")\n").containsOnlyOnce("\n");
        assertThat(out.toString()).isEmpty();
    }

    private int run(String... words) {
        out = new StringWriter();
        err = new StringWriter();
        String[] args = new String[words.length + 5];
        args[0] = "server";
        System.arraycopy(words, 0, args, 1, words.length);
        args[words.length + 1] = "--home";
        args[words.length + 2] = home.toString();
        args[words.length + 3] = "--state-dir";
        args[words.length + 4] = home.resolve("state").toString();
        Console console =
                new Console(new PrintWriter(out, true), new PrintWriter(err, true), InputStream.nullInputStream());
        return ServerCommands.run(args, console);
    }
}
