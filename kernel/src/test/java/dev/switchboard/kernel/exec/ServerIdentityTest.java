package dev.switchboard.kernel.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** Whether the server that marked a run still lives, on real processes (one of them a real zombie). */
@EnabledOnOs(OS.LINUX)
class ServerIdentityTest {

    @Test
    void aZombieServerIsDeadAlthoughItsPidStillExists() throws Exception {
        // The child exits once its parent has become sleep (exec), which never waits for it: a zombie until sleep ends.
        Process parent = new ProcessBuilder("bash", "-c", "sleep 0.5 & echo $!; exec sleep 30")
                .redirectErrorStream(true)
                .start();
        try {
            long zombie = Long.parseLong(
                    new BufferedReader(new InputStreamReader(parent.getInputStream(), StandardCharsets.US_ASCII))
                            .readLine()
                            .strip());
            awaitState(zombie, 'Z');
            ServerIdentity identity = new ServerIdentity(zombie, 0);

            assertThat(ProcessHandle.of(zombie).map(ProcessHandle::isAlive))
                    .as("the JDK alone still counts the zombie as alive")
                    .contains(true);
            assertThat(identity.alive()).isFalse();
            assertThat(ServerIdentity.of(parent.toHandle()).alive())
                    .as("its parent, sleeping")
                    .isTrue();
        } finally {
            parent.destroyForcibly().waitFor();
        }
    }

    @Test
    void aRunningServerIsAliveAndOneThatEndedIsNot() throws Exception {
        Process server = new ProcessBuilder("sleep", "30").start();
        ServerIdentity identity = ServerIdentity.of(server.toHandle());

        assertThat(identity.alive()).isTrue();
        assertThat(ServerIdentity.CURRENT.alive()).isTrue();

        server.destroyForcibly().waitFor();
        assertThat(identity.alive()).isFalse();
    }

    @Test
    void anotherProcessOnAReusedPidIsNotTheServer() {
        ServerIdentity reused =
                new ServerIdentity(ServerIdentity.CURRENT.pid(), ServerIdentity.CURRENT.startMillis() - 1);

        assertThat(reused.alive()).isFalse();
    }

    private static void awaitState(long pid, char state) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        while (true) {
            String line = Files.readString(stat);
            if (line.charAt(line.lastIndexOf(')') + 2) == state) {
                return;
            }
            assertThat(System.nanoTime()).as("state of " + line).isLessThan(deadline);
            Thread.sleep(10);
        }
    }
}
