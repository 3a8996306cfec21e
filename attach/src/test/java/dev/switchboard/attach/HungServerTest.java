package dev.switchboard.attach;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.cli.Console;

/**
 * A shared server that accepts connections but never answers (hung, or stopped with SIGSTOP) never hangs a client:
 * {@code serve} falls back to in-process after the hello deadline, {@code server status} lists it as not answering,
 * {@code server stop} says it was not stopped and exits 1, each within its deadline.
 */
class HungServerTest {

    @TempDir
    Path home;

    private final StringWriter err = new StringWriter();
    private final StringWriter out = new StringWriter();
    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private Path config;
    private Target target;
    private MuteServer server;

    @BeforeEach
    void startAHungServer() throws Exception {
        config = Files.writeString(home.resolve("config.yaml"), "", java.nio.charset.StandardCharsets.UTF_8);
        target = Target.of(args("serve"));
        server = MuteServer.start(target.paths());
    }

    @AfterEach
    void stopIt() throws IOException {
        server.close();
    }

    @Test
    void serveFallsBackToInProcessWhenTheHelloIsNotAnsweredWithinItsDeadline() {
        long start = System.nanoTime();
        int status = AttachMain.run(args("serve"), console(), stdout, Map.of());
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(status).isEqualTo(AttachMain.IN_PROCESS);
        assertThat(err.toString().lines())
                .containsExactly("switchboard: serving in-process: the shared server did not answer the hello within"
                        + " 5 s (hung or stopped? `switchboard server status` lists it)");
        assertThat(stdout.toByteArray()).isEmpty();
        assertThat(server.accepted()).as("asked once, not again and again").isEqualTo(1);
        assertThat(took)
                .isGreaterThanOrEqualTo(SessionAttacher.HELLO_DEADLINE)
                .isLessThan(SessionAttacher.HELLO_DEADLINE.plusSeconds(3));
    }

    @Test
    void statusListsTheServerAsNotAnsweringWithinTwoSeconds() {
        long start = System.nanoTime();
        int status = AttachMain.run(args("server", "status"), console(), stdout, Map.of());
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(status).isZero();
        assertThat(out.toString().lines())
                .containsExactly(
                        "shared servers of the state directory " + home.resolve("state") + ":",
                        "  " + target.paths().key() + "  pid 4242  did not answer within 2 s (hung or stopped: its"
                                + " socket accepts, nothing answers)");
        assertThat(took).isLessThan(ServerCommands.ANSWER_DEADLINE.plusSeconds(3));
    }

    @Test
    void statusAsJsonMarksTheServerNotAnswering() {
        int status = AttachMain.run(args("server", "status", "--json"), console(), stdout, Map.of());

        assertThat(status).isZero();
        assertThat(out.toString().strip())
                .isEqualTo("{\"state_dir\":\"" + home.resolve("state") + "\",\"servers\":[{\"attach\":1,\"ok\":false,"
                        + "\"key\":\"" + target.paths().key() + "\",\"pid\":4242,\"code\":\"NOT_ANSWERING\","
                        + "\"message\":\"did not answer within 2 s (hung or stopped: its socket accepts, nothing"
                        + " answers)\"}]}");
    }

    @Test
    void stopSaysTheServerWasNotStoppedAndExitsOneWithinTheDeadline() {
        long start = System.nanoTime();
        int status = AttachMain.run(args("server", "stop"), console(), stdout, Map.of());
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(status).isEqualTo(1);
        assertThat(err.toString().lines())
                .containsExactly(
                        "switchboard: the shared server " + target.paths().key()
                                + " (pid 4242) was not stopped: it did not answer within 2 s (hung or stopped: its socket"
                                + " accepts, nothing answers)");
        assertThat(out.toString()).isEmpty();
        assertThat(took).isLessThan(ServerCommands.ANSWER_DEADLINE.plusSeconds(3));
    }

    @Test
    void aServerWhoseBacklogIsFullIsNotWaitedForEither() throws IOException {
        server.close();
        Files.delete(target.paths().socket());
        server = MuteServer.startFull(target.paths());

        long start = System.nanoTime();
        int serve = AttachMain.run(args("serve"), console(), stdout, Map.of());
        int status = AttachMain.run(args("server", "status"), console(), stdout, Map.of());
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(serve).isEqualTo(AttachMain.IN_PROCESS);
        assertThat(err.toString().lines())
                .containsExactly("switchboard: serving in-process: the shared server did not take the connection within"
                        + " 2 s (hung or stopped? `switchboard server status` lists it)");
        assertThat(status).isZero();
        assertThat(out.toString()).contains(target.paths().key() + "  pid 4242  did not answer within 2 s");
        assertThat(took).isLessThan(Connection.CONNECT_DEADLINE.multipliedBy(2).plusSeconds(3));
    }

    private String[] args(String... words) {
        String[] args = new String[words.length + 6];
        System.arraycopy(words, 0, args, 0, words.length);
        args[words.length] = "--home";
        args[words.length + 1] = home.toString();
        args[words.length + 2] = "--config";
        args[words.length + 3] = config.toString();
        args[words.length + 4] = "--state-dir";
        args[words.length + 5] = home.resolve("state").toString();
        return args;
    }

    private Console console() {
        return new Console(new PrintWriter(out, true), new PrintWriter(err, true), InputStream.nullInputStream());
    }
}
