package dev.switchboard.plugin.mailbox.hook.adapter.out.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.hook.application.port.out.SleeperSlots;

class SleeperPidFileTest {

    @TempDir
    Path dir;

    @Test
    void theHolderWritesItsPidAndASecondTakeOfTheSameKeyIsRefusedWhileItHolds() throws Exception {
        SleeperPidFile slots = new SleeperPidFile(dir);

        Optional<SleeperSlots.Slot> first = slots.take("s1-local-backend");
        assertThat(first).isPresent();
        assertThat(Files.readString(slots.file("s1-local-backend")))
                .isEqualTo(ProcessHandle.current().pid() + "\n");
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(slots.file("s1-local-backend"))))
                .as("owner-only, as every file of the state directory")
                .isEqualTo("rw-------");
        assertThat(slots.take("s1-local-backend")).isEmpty();
        try (SleeperSlots.Slot other = slots.take("s2-local-backend").orElseThrow()) {
            assertThat(other).as("another session sleeps on its own").isNotNull();
        }

        first.get().close();
        assertThat(slots.file("s1-local-backend"))
                .as("removed by its holder at the end")
                .doesNotExist();
        assertThat(dir.resolve(SleeperPidFile.LOCK_FILE))
                .as("the one lock file stays")
                .exists();
        try (SleeperSlots.Slot again = slots.take("s1-local-backend").orElseThrow()) {
            assertThat(Files.readString(slots.file("s1-local-backend")))
                    .isEqualTo(ProcessHandle.current().pid() + "\n");
        }
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .as("nothing left behind but the lock file")
                    .containsExactly(SleeperPidFile.LOCK_FILE);
        }
    }

    @Test
    void aHolderKilledBySigtermRemovesItsPidFile() throws Exception {
        SleeperPidFile slots = new SleeperPidFile(dir);
        Path file = slots.file("s1-local-backend");
        Process holder = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        SleeperPidFileHolder.class.getName(),
                        dir.toString(),
                        "s1-local-backend")
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try {
            try (var lines = holder.inputReader()) {
                assertThat(lines.readLine()).isEqualTo("held");
            }
            assertThat(Files.readString(file)).isEqualTo(holder.pid() + "\n");

            holder.destroy(); // SIGTERM, as a client cancelling the hook sends
            assertThat(holder.waitFor(20, java.util.concurrent.TimeUnit.SECONDS))
                    .isTrue();

            assertThat(file).as("removed by the holder's shutdown hook").doesNotExist();
            try (SleeperSlots.Slot next = slots.take("s1-local-backend").orElseThrow()) {
                assertThat(Files.readString(file))
                        .isEqualTo(ProcessHandle.current().pid() + "\n");
            }
        } finally {
            holder.destroyForcibly();
        }
    }

    @Test
    void aPidFileThatNoLongerNamesTheHolderIsLeftAlone() throws Exception {
        SleeperPidFile slots = new SleeperPidFile(dir);
        Path file = slots.file("s1-local-backend");

        SleeperSlots.Slot slot = slots.take("s1-local-backend").orElseThrow();
        Files.writeString(file, "999999999\n"); // rewritten by someone else meanwhile
        slot.close();

        assertThat(Files.readString(file)).isEqualTo("999999999\n");
    }

    @Test
    void aSecondProcessFindsTheSlotTakenWhileItIsHeldAndTakesItAfterwards() throws Exception {
        SleeperPidFile slots = new SleeperPidFile(dir);
        String key = "s1-local-backend";
        try (SleeperSlots.Slot held = slots.take(key).orElseThrow()) {
            assertThat(otherProcessTakes(key)).as("held by this process").isEqualTo("taken");
        }
        assertThat(otherProcessTakes(key)).as("given back").isEqualTo("free");
    }

    /** @return what a second JVM's exclusive lock of the key's byte of the lock file finds: taken or free */
    private String otherProcessTakes(String key) throws Exception {
        Path probe = dir.resolve("Probe.java");
        Files.writeString(probe, """
                import java.nio.channels.FileChannel;
                import java.nio.file.Path;
                import java.nio.file.StandardOpenOption;
                public class Probe {
                    public static void main(String[] a) throws Exception {
                        try (FileChannel c = FileChannel.open(Path.of(a[0]), StandardOpenOption.WRITE)) {
                            System.out.print(c.tryLock(Long.parseLong(a[1]), 1, false) == null ? "taken" : "free");
                        }
                    }
                }
                """);
        Process process = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        probe.toString(),
                        dir.resolve(SleeperPidFile.LOCK_FILE).toString(),
                        Long.toString(SleeperPidFile.offset(key)))
                .redirectErrorStream(true)
                .start();
        String out = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isZero();
        return out;
    }

    @Test
    void aDeadSleepersStalePidFileIsTakenOverAndRewritten() throws Exception {
        SleeperPidFile slots = new SleeperPidFile(dir);
        Path stale = slots.file("s1-local-backend");
        Files.writeString(stale, "999999999\n");

        try (SleeperSlots.Slot slot = slots.take("s1-local-backend").orElseThrow()) {
            assertThat(Files.readString(stale))
                    .isEqualTo(ProcessHandle.current().pid() + "\n");
        }
    }

    @Test
    void aKeyIsMadeFileNameSafe() {
        assertThat(new SleeperPidFile(dir).file("../a b/c").getFileName().toString())
                .isEqualTo(".wake-.._a_b_c.pid");
        assertThat(new SleeperPidFile(dir).file("../a b/c").getParent()).isEqualTo(dir);
    }
}
