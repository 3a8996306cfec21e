package dev.switchboard.attach;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.attach.AttachPaths;

/** A recovery after the configuration (and so the key) changed goes to the server of the current configuration. */
class RetargetingTest {

    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    @TempDir
    Path home;

    private final List<FakeServer> servers = new CopyOnWriteArrayList<>();
    private final List<AttachPaths> spawnedAt = new CopyOnWriteArrayList<>();
    private final AtomicInteger spawns = new AtomicInteger();
    private final PipedOutputStream stdin = new PipedOutputStream();
    private final Lines stdout = new Lines();

    @AfterEach
    void stop() throws IOException {
        stdin.close();
        for (FakeServer server : servers) {
            server.close();
        }
    }

    @Test
    void aRecoveryAfterTheKeyChangedConnectsToTheNewKeysSocket() throws Exception {
        Path config = home.resolve("application.yaml");
        Files.writeString(config, "");
        String[] args = {
            "serve",
            "--home",
            home.toString(),
            "--config",
            config.toString(),
            "--state-dir",
            home.resolve("s").toString()
        };
        Target first = Target.of(args);
        Retargeting retargeting = new Retargeting(
                args,
                false,
                first,
                target -> new SessionAttacher(
                        new ServerStarter(target.paths(), paths -> {
                            spawnedAt.add(paths);
                            servers.add(FakeServer.start(paths, spawns.incrementAndGet()));
                            return () -> true;
                        }),
                        Hello.frame("session", target.build(), "/work", Map.of())));
        Connection connection = retargeting.establish();
        Relay relay =
                new Relay(retargeting, new MessageTracker(), new PipedInputStream(stdin, 1 << 16), stdout, line -> {});
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> relay.run(connection));
        send(INITIALIZE);
        stdout.next();

        // a process-wide setting of a plugin (any key: its zip is absent here) changes the key
        Files.writeString(config, "plugins:\n  storage-sqlite:\n    busy-timeout-ms: 777\n");
        String newKey = Target.of(args).paths().key();
        servers.get(0).kill();
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (spawns.get() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(5); // the relay saw the end and is re-establishing the session
        }
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
        Map<String, Object> answer = json(stdout.next());

        assertThat(newKey).isNotEqualTo(first.paths().key());
        assertThat(answer)
                .containsEntry("id", 1)
                .containsEntry("result", Map.of("method", "tools/list", "generation", 2));
        assertThat(spawnedAt)
                .extracting(AttachPaths::key)
                .containsExactly(first.paths().key(), newKey);
        assertThat(retargeting.last().paths().key()).isEqualTo(newKey);
        assertThat(exit).isNotDone();
    }

    private void send(String line) throws IOException {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    private static Map<String, Object> json(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        return Json.object(bytes, 0, bytes.length);
    }
}
