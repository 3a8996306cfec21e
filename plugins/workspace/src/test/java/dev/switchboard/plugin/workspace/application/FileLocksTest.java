package dev.switchboard.plugin.workspace.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

class FileLocksTest {

    @TempDir
    Path dir;

    @Test
    @DisplayName("69: a mutation that cannot take the file's lock within the wait is FILE_BUSY")
    void aHeldLockMakesTheNextMutationBusy() throws Exception {
        FileLocks locks = new FileLocks(dir.resolve("locks"), 50);
        Path file = dir.resolve("file.txt");
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = Thread.ofVirtual()
                .start(() -> locks.holding(file, () -> {
                    held.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return null;
                }));
        held.await();

        assertBusy(locks, file);

        release.countDown();
        holder.join();
        assertThat(locks.holding(file, () -> "free again")).isEqualTo("free again");
    }

    @Test
    @DisplayName("69: another process holding the flock on the file's directory makes a write FILE_BUSY until it dies")
    void anotherProcessHoldsTheDirectoryLockUntilItDies() throws Exception {
        assertThat(NativeIo.get()).as("native calls on this JDK and platform").isNotNull();
        FileLocks locks = new FileLocks(dir.resolve("state").resolve("file-locks"), 200);
        Path file = dir.resolve("shared.txt");

        assertHeldByAnotherProcessUntilItDies(locks, file, "dir", dir);
    }

    @Test
    @DisplayName("without native calls, another process holding the lock file makes a write FILE_BUSY until it dies")
    void anotherProcessHoldsTheFallbackLockFileUntilItDies() throws Exception {
        Path lockDir = dir.resolve("state").resolve("file-locks");
        FileLocks locks = new FileLocks(null, lockDir, 200);
        Path file = dir.resolve("shared.txt");
        assertThat(locks.holding(file, () -> "creates the lock directory")).isNotNull();

        assertHeldByAnotherProcessUntilItDies(locks, file, "file", new LockFiles(lockDir).fileFor(RealPath.of(file)));
    }

    private static void assertHeldByAnotherProcessUntilItDies(FileLocks locks, Path file, String kind, Path lock)
            throws Exception {
        Process other = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "--enable-native-access=ALL-UNNAMED",
                        "-cp",
                        System.getProperty("java.class.path"),
                        LockHolderProcess.class.getName(),
                        kind,
                        lock.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(other.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("locked");

            assertBusy(locks, file);

            other.destroyForcibly().waitFor();
            assertThat(locks.holding(file, () -> "written after the holder died"))
                    .isEqualTo("written after the holder died");
        } finally {
            other.destroyForcibly();
        }
    }

    @Test
    @DisplayName("without native calls, lock files are owner-only: the directory 0700, each file 0600")
    void lockFilesAreOwnerOnly() throws Exception {
        Path lockDir = dir.resolve("state").resolve("file-locks");
        new FileLocks(null, lockDir, 50).holding(dir.resolve("a.txt"), () -> null);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(lockDir)))
                .isEqualTo("rwx------");
        try (var files = Files.list(lockDir)) {
            assertThat(files.toList())
                    .singleElement()
                    .satisfies(lock -> assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(lock)))
                            .isEqualTo("rw-------"));
        }
    }

    private static void assertBusy(FileLocks locks, Path file) {
        assertThatThrownBy(() -> locks.holding(file, () -> "never"))
                .isInstanceOf(WorkspaceException.class)
                .hasMessageContaining("retry in a moment with a new request_key (a retry with this request_key"
                        + " only replays FILE_BUSY)")
                .extracting(e -> ((WorkspaceException) e).code())
                .isEqualTo(Code.FILE_BUSY);
    }
}
