package dev.switchboard.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.attach.AttachKey;
import dev.switchboard.kernel.attach.AttachPaths;
import dev.switchboard.kernel.cli.Settings;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.core.BuildInfo;

/**
 * A shared server that accepts the hook's connection but never answers (hung, or stopped with SIGSTOP) sends the hook
 * to its direct path within the deadline, with its standard input intact, so that the direct path still fits within
 * the Stop hook's 10 s timeout.
 */
class SharedServerTest {

    private static final String STOP_INPUT = "{\"session_id\":\"s-1\",\"stop_hook_active\":false}";

    @TempDir
    Path home;

    @Test
    void aServerThatAcceptsButNeverAnswersIsLeftForTheDirectPathWithinTheDeadline() throws IOException {
        Path config = Files.writeString(home.resolve("config.yaml"), "", StandardCharsets.UTF_8);
        SwitchboardConfig settings = Settings.peek(new String[] {
                    "hook",
                    "stop",
                    "--home",
                    home.toString(),
                    "--config",
                    config.toString(),
                    "--state-dir",
                    home.resolve("state").toString()
                })
                .load();
        BuildInfo info = BuildInfo.current();
        AttachPaths paths = AttachPaths.of(
                settings.kernel().stateDir(), AttachKey.of(settings, info.version() + "@" + info.buildTime()));
        paths.createDirectory();
        List<SocketChannel> held = new CopyOnWriteArrayList<>();
        try (ServerSocketChannel mute = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            mute.bind(UnixDomainSocketAddress.of(paths.socket()));
            Thread.ofPlatform().daemon().start(() -> {
                try {
                    while (true) {
                        held.add(mute.accept()); // taken, never answered
                    }
                } catch (IOException e) {
                    // closed at the end of the test
                }
            });

            long start = System.nanoTime();
            SharedServer.Answer answer = SharedServer.ask(
                    settings,
                    List.of("hook", "stop"),
                    Map.of(),
                    home,
                    new ByteArrayInputStream(STOP_INPUT.getBytes(StandardCharsets.UTF_8)));
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(held).as("the server took the connection").hasSize(1);
            assertThat(answer.exit()).as("declined: the direct path answers").isEmpty();
            assertThat(new String(answer.input().readAllBytes(), StandardCharsets.UTF_8))
                    .as("the hook's input, whole, for the direct path")
                    .isEqualTo(STOP_INPUT);
            assertThat(took)
                    .isGreaterThanOrEqualTo(Duration.ofMillis(SharedServer.ANSWER_MILLIS))
                    .isLessThan(Duration.ofMillis(SharedServer.ANSWER_MILLIS).plusSeconds(1));
            assertThat(Duration.ofMillis(SharedServer.ANSWER_MILLIS))
                    .as("well within the Stop hook's 10 s timeout, leaving the direct path its time")
                    .isLessThanOrEqualTo(Duration.ofSeconds(3));
        } finally {
            for (SocketChannel channel : held) {
                channel.close();
            }
        }
    }
}
