package dev.switchboard.plugin.workspace.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

class FileLocksTest {

    @Test
    @DisplayName("69: a mutation that cannot take the file's lock within the wait is FILE_BUSY")
    void aHeldLockMakesTheNextMutationBusy() throws Exception {
        FileLocks locks = new FileLocks(50);
        Path file = Path.of("/tmp/switchboard-lock-test");
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = Thread.ofVirtual().start(() -> locks.holding(file, () -> {
            held.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return null;
        }));
        held.await();

        assertThatThrownBy(() -> locks.holding(file, () -> "never")).isInstanceOf(WorkspaceException.class)
                .extracting(e -> ((WorkspaceException) e).code()).isEqualTo(Code.FILE_BUSY);

        release.countDown();
        holder.join();
        assertThat(locks.holding(file, () -> "free again")).isEqualTo("free again");
    }
}
