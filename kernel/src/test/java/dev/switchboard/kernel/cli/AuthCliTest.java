package dev.switchboard.kernel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.auth.TokenFormat;
import dev.switchboard.kernel.plugin.TestPlugins;
import dev.switchboard.kernel.testplugins.memstore.MemStorage;

/** {@code serve}'s authentication options and checks, {@code token show-path|rotate}, and the doctor's token check. */
class AuthCliTest {

    @TempDir
    Path home;

    private Path state;
    private Path tokenFile;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    /** Everything the CLI printed and logged in this test, to prove no token ever appears in it. */
    private final List<String> transcript = new ArrayList<>();

    @BeforeEach
    void setUp() throws IOException {
        state = home.resolve("state");
        tokenFile = state.resolve("owner.token");
        writeConfig("");
        TestPlugins.installGreeterAndStorage(home.resolve("plugins"));
        System.clearProperty(MemStorage.PREFIX + "greeter");
    }

    @Test
    void serveGeneratesTheOwnerTokenOnceAndReusesItWithoutPrintingOrLoggingIt() throws IOException {
        assertThat(run("serve")).isZero();
        String token = token();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tokenFile)))
                .isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(state)))
                .isEqualTo("rwx------");

        assertThat(run("serve")).isZero();

        assertThat(token()).isEqualTo(token);
        assertThat(String.join("\n", transcript))
                .contains("owner token generated in " + tokenFile)
                .doesNotContain(token);
    }

    @Test
    void tokenShowPathPrintsThePathAndNotTheToken() throws IOException {
        assertThat(run("serve")).isZero();

        assertThat(run("token", "show-path")).isZero();

        assertThat(out.toString().strip()).isEqualTo(tokenFile.toString());
        assertNeverShown(token());
    }

    @Test
    void tokenRotateWritesANewOwnerOnlyTokenAndSaysARunningServerTakesItAtOnce() throws IOException {
        assertThat(run("serve")).isZero();
        String old = token();

        assertThat(run("token", "rotate")).isZero();

        assertThat(token()).isNotEqualTo(old).matches("sbt_[A-Za-z0-9_-]{43}");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tokenFile)))
                .isEqualTo("rw-------");
        assertThat(out.toString())
                .contains(tokenFile.toString())
                .contains("refuses the old token from its next request on")
                .doesNotContain("restart");
        assertNeverShown(old);
        assertNeverShown(token());
    }

    @Test
    void tokenCommandTakesAnExplicitFileAndNeedsAKnownSubcommand() {
        Path other = home.resolve("elsewhere/other.token");

        assertThat(run("token", "rotate", "--token-file", other.toString())).isZero();
        assertThat(other).exists();
        assertThat(run("token", "show-path", "--token-file", other.toString())).isZero();
        assertThat(out.toString().strip()).isEqualTo(other.toString());

        assertThat(run("token")).isEqualTo(Cli.USAGE);
        assertThat(run("token", "print")).isEqualTo(Cli.USAGE);
        assertThat(err.toString()).contains("usage: switchboard token");
        assertThat(run("token", "--help")).isZero();
        assertThat(out.toString()).contains("show-path | rotate").contains("--token-file");
    }

    @Test
    void serveRefusesAGroupOrWorldReadableTokenFileNamingIt() throws IOException {
        String token = TokenFormat.generate();
        Path shared = home.resolve("shared.token");
        Files.writeString(shared, token);
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rw-r--r--"));

        assertThat(run("serve", "--token-file", shared.toString())).isEqualTo(Cli.FAILED);

        assertThat(err.toString()).contains(shared.toString()).contains("group or others");
        assertThat(System.getProperty(MemStorage.PREFIX + "greeter"))
                .as("no plugin started")
                .isNull();
        assertNeverShown(token);
    }

    @Test
    void serveRefusesAMissingTokenFileInsteadOfCreatingIt() {
        Path missing = home.resolve("missing.token");

        assertThat(run("serve", "--token-file", missing.toString())).isEqualTo(Cli.FAILED);

        assertThat(err.toString()).contains(missing.toString()).contains("does not exist");
        assertThat(missing).doesNotExist();
    }

    @Test
    void serveAcceptsAnExistingOwnerOnlyTokenFileAndLeavesItAlone() throws IOException {
        String token = TokenFormat.generate();
        Path own = home.resolve("own.token");
        Files.writeString(own, token + "\n");
        Files.setPosixFilePermissions(own, PosixFilePermissions.fromString("rw-------"));

        assertThat(run("serve", "--token-file", own.toString())).isZero();

        assertThat(Files.readString(own)).isEqualTo(token + "\n");
        assertThat(tokenFile).doesNotExist();
        assertNeverShown(token);
    }

    @Test
    void hostOrPortWithoutHttpIsAUsageError() {
        assertThat(run("serve", "--host", "127.0.0.1")).isEqualTo(Cli.USAGE);
        assertThat(err.toString()).contains("--http").contains("usage: switchboard serve");
        assertThat(run("serve", "--port", "9000", "--transport", "stdio")).isEqualTo(Cli.USAGE);
        assertThat(run("serve", "--http", "--port", "http")).isEqualTo(Cli.USAGE);
        assertThat(run("serve", "--http", "--port", "70000")).isEqualTo(Cli.USAGE);
        assertThat(tokenFile).doesNotExist();
    }

    @Test
    void nonLoopbackHostWithAuthenticationOffIsRefusedBeforeAnythingStarts() throws IOException {
        writeConfig("  auth:\n    required: false\n");

        assertThat(run("serve", "--http", "--host", "0.0.0.0", "--port", "0")).isEqualTo(Cli.FAILED);

        assertThat(err.toString())
                .contains("0.0.0.0")
                .contains("not a loopback address")
                .contains("kernel.auth.required");
        assertThat(System.getProperty(MemStorage.PREFIX + "greeter"))
                .as("no plugin started")
                .isNull();
    }

    @Test
    void httpMeansTheHttpTransport() {
        assertThat(run("serve", "--http", "--host", "127.0.0.1", "--port", "0")).isEqualTo(Cli.FAILED);

        assertThat(err.toString()).contains("transport 'http' is not available");
        assertThat(tokenFile).exists();
    }

    @Test
    void doctorReportsAnExposedTokenFileWithoutCreatingOne() throws IOException {
        assertThat(run("doctor")).isZero();
        assertThat(out.toString()).contains("owner token file " + tokenFile + " (not created yet)");
        assertThat(tokenFile).doesNotExist();

        assertThat(run("token", "rotate")).isZero();
        Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("rw-r-----"));

        assertThat(run("doctor")).isEqualTo(Cli.FAILED);
        assertThat(out.toString())
                .contains("problem: owner token file " + tokenFile)
                .contains("accessible to group or others");
        assertNeverShown(token());
    }

    @Test
    void doctorReportsATokenFileThatIsASymbolicLinkAsAProblem() throws IOException {
        assertThat(run("token", "rotate")).isZero();
        Path real = tokenFile.resolveSibling("real.token");
        Files.move(tokenFile, real);
        Files.createSymbolicLink(tokenFile, real);

        assertThat(run("doctor")).isEqualTo(Cli.FAILED);
        assertThat(out.toString()).contains("problem: owner token file " + tokenFile + " is a symbolic link");
        assertNeverShown(Files.readString(real).strip());
    }

    @Test
    void doctorReportsAnUnauthenticatedNonLoopbackListener() throws IOException {
        writeConfig("  transports: [http]\n  auth:\n    required: false\nplugins:\n  transport-http:\n"
                + "    host: 192.168.1.5\n");

        assertThat(run("doctor")).isEqualTo(Cli.FAILED);

        assertThat(out.toString()).contains("problem: refusing to serve HTTP on 192.168.1.5");
    }

    private void writeConfig(String extraKernelLines) throws IOException {
        Files.createDirectories(home.resolve("config"));
        Files.writeString(
                home.resolve("config/application.yaml"),
                "kernel:\n  storage: memory\n  transports: []\n" + "  state-dir: " + state + "\n" + extraKernelLines);
    }

    private String token() throws IOException {
        return Files.readString(tokenFile).strip();
    }

    private void assertNeverShown(String token) {
        assertThat(transcript).isNotEmpty().noneSatisfy(text -> assertThat(text).contains(token));
    }

    /** Runs the CLI against this test's installation, capturing its console and the log lines it writes. */
    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--home", home.toString()));
        Console console = new Console(new PrintWriter(out, true), new PrintWriter(err, true));
        ByteArrayOutputStream logs = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(logs, true, StandardCharsets.UTF_8));
        int status;
        try {
            status = new Cli(console, Main.commands()).run(all.toArray(String[]::new));
        } finally {
            System.setErr(original);
        }
        transcript.add(out.toString());
        transcript.add(err.toString());
        transcript.add(logs.toString(StandardCharsets.UTF_8));
        return status;
    }
}
