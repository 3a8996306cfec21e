package dev.switchboard.attach;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.attach.AttachPaths;

class ServerStarterTest {

    @TempDir
    Path temp;

    private final List<FakeServer> servers = new CopyOnWriteArrayList<>();

    @AfterEach
    void stopServers() throws IOException {
        for (FakeServer server : servers) {
            server.close();
        }
    }

    @Test
    void replacesAStaleSocketFileWhoseServerLockIsFree() throws Exception {
        AttachPaths paths = AttachPaths.of(temp, "00000000000000cc");
        FakeServer dead = FakeServer.start(paths, 1);
        dead.kill();
        assertThat(paths.socket()).exists();

        AtomicInteger spawns = new AtomicInteger();
        Connection connection = new ServerStarter(paths, ignored -> {
                    servers.add(FakeServer.start(paths, spawns.incrementAndGet() + 1));
                    return () -> true;
                })
                .connect();
        connection.close();

        assertThat(spawns).hasValue(1);
    }

    @Test
    void aServerThatDiesBeforeListeningFailsWithItsLogsLastLine() throws IOException {
        AttachPaths paths = AttachPaths.of(temp, "00000000000000dd");
        ServerStarter starter = new ServerStarter(paths, p -> {
            Files.writeString(p.log(), "starting\nswitchboard: cannot open the store: disk full\n\n");
            return () -> false;
        });

        assertThatThrownBy(starter::connect)
                .isInstanceOf(AttachFailure.class)
                .hasMessage("the shared server did not start: switchboard: cannot open the store: disk full")
                .satisfies(e -> assertThat(((AttachFailure) e).fallBack()).isFalse());
    }

    @Test
    void anAttachDirectoryThatCannotBeCreatedFallsBack() throws IOException {
        Path readOnly = Files.createDirectories(temp.resolve("ro"));
        Files.writeString(readOnly.resolve("attach"), "a file where the directory belongs");
        ServerStarter starter = new ServerStarter(AttachPaths.of(readOnly, "00000000000000ee"), p -> () -> true);

        assertThatThrownBy(starter::connect)
                .isInstanceOf(AttachFailure.class)
                .hasMessageStartingWith("cannot create ")
                .satisfies(e -> assertThat(((AttachFailure) e).fallBack()).isTrue());
    }
}
