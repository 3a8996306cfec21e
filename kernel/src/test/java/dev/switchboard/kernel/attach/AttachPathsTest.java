package dev.switchboard.kernel.attach;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AttachPathsTest {

    private static final String KEY = "0123456789abcdef";

    @TempDir
    Path temp;

    @Test
    void namesEveryFileOfAServerAfterItsKeyInTheAttachDirectory() {
        AttachPaths paths = AttachPaths.of(temp.resolve("state"), KEY);

        Path directory = temp.resolve("state/attach");
        assertThat(paths.directory()).isEqualTo(directory);
        assertThat(paths.socket()).isEqualTo(directory.resolve(KEY + ".sock"));
        assertThat(paths.serverLock()).isEqualTo(directory.resolve(KEY + ".lock"));
        assertThat(paths.startLock()).isEqualTo(directory.resolve(KEY + ".start.lock"));
        assertThat(paths.info()).isEqualTo(directory.resolve(KEY + ".json"));
        assertThat(paths.log()).isEqualTo(directory.resolve(KEY + ".log"));
    }

    @Test
    void refusesAnythingButAKeyAsTheFileName() {
        assertThatThrownBy(() -> AttachPaths.of(temp, "../../etc/passwd"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not an attach key");
        assertThatThrownBy(() -> AttachPaths.of(temp, "0123456789ABCDEF")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aSocketPathFitsUpToOneHundredBytes() {
        String base = "/" + "d".repeat(100 - "/attach/".length() - (KEY + ".sock").length() - 1);
        AttachPaths fits = AttachPaths.of(Path.of(base), KEY);
        AttachPaths tooLong = AttachPaths.of(Path.of(base + "x"), KEY);

        assertThat(fits.socket().toString()).hasSize(100);
        assertThat(fits.socketFits()).isTrue();
        assertThat(tooLong.socketFits()).isFalse();
    }

    @Test
    void createsTheStateAndAttachDirectoriesOwnerOnly() throws IOException {
        AttachPaths paths = AttachPaths.of(temp.resolve("state"), KEY);

        paths.createDirectory();

        assertThat(Files.getPosixFilePermissions(paths.directory()))
                .isEqualTo(PosixFilePermissions.fromString("rwx------"));
        assertThat(Files.getPosixFilePermissions(temp.resolve("state")))
                .isEqualTo(PosixFilePermissions.fromString("rwx------"));
    }

    @Test
    void narrowsAnExistingAttachDirectoryToOwnerOnly() throws IOException {
        Path directory = Files.createDirectories(temp.resolve("state/attach"));
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxr-xr-x"));

        AttachPaths.of(temp.resolve("state"), KEY).createDirectory();

        assertThat(Files.getPosixFilePermissions(directory)).isEqualTo(PosixFilePermissions.fromString("rwx------"));
    }

    @Test
    void listsEveryKeyThatLeftASocketOrADescription() throws IOException {
        Path directory = Files.createDirectories(temp.resolve("attach"));
        Files.writeString(directory.resolve(KEY + ".json"), "{}");
        Files.writeString(directory.resolve("fedcba9876543210.sock"), "");
        Files.writeString(directory.resolve("fedcba9876543210.json"), "{}");
        Files.writeString(directory.resolve("1111111111111111.log"), "");
        Files.writeString(directory.resolve("notakey.sock"), "");

        assertThat(AttachPaths.existing(temp)).extracting(AttachPaths::key).containsExactly(KEY, "fedcba9876543210");
        assertThat(AttachPaths.existing(temp.resolve("none"))).isEmpty();
    }
}
