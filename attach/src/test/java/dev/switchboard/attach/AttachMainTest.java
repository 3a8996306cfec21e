package dev.switchboard.attach;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.cli.Console;

/** When attaching is impossible: exit 100 and one stderr line, before stdin is read or stdout written. */
class AttachMainTest {

    @TempDir
    Path home;

    private final StringWriter err = new StringWriter();
    private final StringWriter out = new StringWriter();
    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();

    @Test
    void kernelAttachFalseServesInProcess() throws IOException {
        Path config = config("kernel:\n  attach: false\n");

        int status = serve("serve", "--home", home.toString(), "--config", config.toString());

        assertThat(status).isEqualTo(AttachMain.IN_PROCESS);
        assertThat(err.toString()).isEqualTo("switchboard: serving in-process: kernel.attach is false\n");
        assertThat(stdout.toByteArray()).isEmpty();
    }

    @Test
    void aSocketPathLongerThanOneHundredBytesServesInProcess() throws IOException {
        Path deep = home.resolve("d".repeat(60)).resolve("e".repeat(60));

        int status = serve(
                "serve", "--home", home.toString(), "--config", config("").toString(), "--state-dir", deep.toString());

        assertThat(status).isEqualTo(AttachMain.IN_PROCESS);
        assertThat(err.toString())
                .startsWith("switchboard: serving in-process: the socket path " + deep.resolve("attach"))
                .endsWith(" is longer than 100 bytes\n")
                .containsOnlyOnce("\n");
    }

    @Test
    void otherTransportsOrOptionsServeInProcess() throws IOException {
        Path config = config("");

        assertThat(serve("serve", "--home", home.toString(), "--config", config.toString(), "--strict"))
                .isEqualTo(AttachMain.IN_PROCESS);
        assertThat(serve("serve", "--config", config.toString(), "--transport", "stdio,http"))
                .isEqualTo(AttachMain.IN_PROCESS);
        assertThat(serve(
                        "serve",
                        "--home",
                        home.toString(),
                        "--config",
                        config("kernel:\n  transports: [http]\n").toString()))
                .isEqualTo(AttachMain.IN_PROCESS);
        assertThat(err.toString().lines())
                .as("an option the client does not serve is the in-process server's to name: its start line says it")
                .containsExactly(
                        "switchboard: serving in-process: serve --transport stdio,http runs in-process",
                        "switchboard: serving in-process: kernel.transports is [http], not [stdio]");
    }

    @Test
    void anUnknownServeOptionFallsBackWithoutALineSoTheUsageErrorIsSaidOnceByTheInProcessServer() throws IOException {
        assertThat(serve(
                        "serve",
                        "--home",
                        home.toString(),
                        "--config",
                        config("").toString(),
                        "--bogus"))
                .isEqualTo(AttachMain.IN_PROCESS);
        assertThat(err.toString()).isEmpty();
        assertThat(stdout.toByteArray()).isEmpty();
    }

    @Test
    void aStateDirectoryThatIsAFileFallsBackWithoutALineSoItsRefusalIsSaidOnceByTheInProcessServer()
            throws IOException {
        Path file = Files.writeString(home.resolve("state-file"), "not a directory");

        assertThat(serve(
                        "serve",
                        "--home",
                        home.toString(),
                        "--config",
                        config("").toString(),
                        "--state-dir",
                        file.toString()))
                .isEqualTo(AttachMain.IN_PROCESS);
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aMalformedConfigurationIsSaidOnceAndExitsOneAsTheInProcessServerWould() throws IOException {
        Path config = config("kernel: [");

        int status = serve("serve", "--home", home.toString(), "--config", config.toString());

        assertThat(status).isEqualTo(1);
        assertThat(err.toString().lines())
                .singleElement()
                .asString()
                .isEqualTo("switchboard: cannot read configuration file " + config + ": while parsing a flow node:"
                        + " expected the node content, but found '<stream end>' at line 1, column 10");
    }

    @Test
    void anUnknownSettingIsSaidOnceWithTheKeyItMeantAndExitsTwo() throws IOException {
        Path config = config("kernal:\n  state-dir: /srv/sb\n");

        int status = serve("serve", "--home", home.toString(), "--config", config.toString());

        assertThat(status).isEqualTo(2);
        assertThat(err.toString().lines())
                .containsExactly(
                        "switchboard: unknown key kernal.state-dir in " + config + "; did you mean kernel.state-dir?");
    }

    @Test
    void statusWithoutServersSaysSo() throws IOException {
        Path state = home.resolve("state");

        int status = AttachMain.run(
                new String[] {"server", "status", "--home", home.toString(), "--state-dir", state.toString()},
                console(),
                stdout,
                Map.of());

        assertThat(status).isZero();
        assertThat(out.toString()).isEqualTo("no shared server is running for the state directory " + state + "\n");
    }

    private int serve(String... args) {
        return AttachMain.run(args, console(), stdout, Map.of());
    }

    private Console console() {
        return new Console(new PrintWriter(out, true), new PrintWriter(err, true), new UnreadableInput());
    }

    private Path config(String yaml) throws IOException {
        Path file = Files.createTempFile(home, "application", ".yaml");
        Files.writeString(file, yaml);
        return file;
    }

    /** Fails the test if anything reads it. */
    private static final class UnreadableInput extends InputStream {
        @Override
        public int read() {
            throw new AssertionError("stdin was read");
        }
    }
}
