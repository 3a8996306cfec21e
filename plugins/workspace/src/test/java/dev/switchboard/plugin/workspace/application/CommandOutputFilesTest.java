package dev.switchboard.plugin.workspace.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandOutputFilesTest {

    @TempDir
    Path tmp;

    private Path perUser() {
        return tmp.resolve("switchboard-someone");
    }

    private CommandOutputFiles files(Path dir) {
        return new CommandOutputFiles(dir, true, tmp.resolve("state/command-output"));
    }

    @Test
    void aRunsFileIsCreatedOwnerOnlySoTheDirectoryIsNotEmptyWhileItRuns() throws Exception {
        CommandOutputFiles outputs = files(perUser().resolve("key"));

        Path file = outputs.forRun("receipt");
        outputs.removeIfEmpty();

        assertThat(file).exists().isEmptyFile();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        assertThat(perUser().resolve("key")).isDirectory();
    }

    @Test
    void onceNoFileIsLeftTheDirectoryAndTheEmptyPerUserDirectoryAreRemoved() throws Exception {
        CommandOutputFiles outputs = files(perUser().resolve("key"));
        Files.delete(outputs.forRun("receipt"));

        outputs.removeIfEmpty();

        assertThat(perUser()).doesNotExist();
        assertThat(tmp).isEmptyDirectory();
    }

    @Test
    void thePerUserDirectoryStaysWhileAnotherStateDirectoryUsesIt() throws Exception {
        CommandOutputFiles mine = files(perUser().resolve("mine"));
        CommandOutputFiles theirs = files(perUser().resolve("theirs"));
        Files.delete(mine.forRun("a"));
        Path kept = theirs.forRun("b");

        mine.removeIfEmpty();

        assertThat(perUser().resolve("mine")).doesNotExist();
        assertThat(kept).exists();
    }

    @Test
    void aRunAfterTheDirectoryWasRemovedMakesItAgain() throws Exception {
        CommandOutputFiles outputs = files(perUser().resolve("key"));
        Files.delete(outputs.forRun("first"));
        outputs.removeIfEmpty();

        Path again = outputs.forRun("second");

        assertThat(again).exists();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(perUser())))
                .isEqualTo("rwx------");
    }
}
