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
        assertThat(Files.readString(slots.file("s1-local-backend")))
                .as("emptied, not deleted")
                .isEmpty();
        try (SleeperSlots.Slot again = slots.take("s1-local-backend").orElseThrow()) {
            assertThat(slots.file("s1-local-backend")).exists();
        }
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
