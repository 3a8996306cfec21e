package dev.switchboard.kernel.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.call.Principal;

/** The running server's owner token follows its file: no restart after {@code token rotate}. */
class WatchedOwnerTokenTest {

    @TempDir
    Path temp;

    @Test
    void aRotationTakesEffectAtTheNextLookupAndTheOldTokenIsRefused() throws IOException {
        OwnerTokenFile file = new OwnerTokenFile(temp.resolve("owner.token"));
        WatchedOwnerToken watched = new WatchedOwnerToken(file, true);
        String old = token(file);
        assertThat(find(watched, old)).contains(OwnerTokenStore.OWNER);

        file.rotate();
        String rotated = token(file);

        assertThat(rotated).isNotEqualTo(old);
        assertThat(find(watched, rotated)).contains(OwnerTokenStore.OWNER);
        assertThat(find(watched, old)).isEmpty();
    }

    @Test
    void aFileCopiedInPlaceIsReadAgain() throws IOException {
        OwnerTokenFile file = new OwnerTokenFile(temp.resolve("owner.token"));
        WatchedOwnerToken watched = new WatchedOwnerToken(file, true);
        String other = "copied-in-token-" + "x".repeat(40);

        // written in place (same inode), as a copy over the file does: a different size changes the stamp
        Files.writeString(file.path(), other + "\n");

        assertThat(find(watched, other)).contains(OwnerTokenStore.OWNER);
    }

    @Test
    void aRemovedOrExposedFileRefusesTheOwnerUntilItIsMended() throws IOException {
        OwnerTokenFile file = new OwnerTokenFile(temp.resolve("owner.token"));
        WatchedOwnerToken watched = new WatchedOwnerToken(file, true);
        String token = token(file);

        // each change also sets its own modification time: two chmods within one clock tick of the file system can
        // leave the change time equal, which an operator's chmod seconds later does not
        Files.setPosixFilePermissions(file.path(), PosixFilePermissions.fromString("rw-r--r--"));
        Files.setLastModifiedTime(file.path(), FileTime.fromMillis(1_000));
        assertThat(find(watched, token)).as("a file readable by others").isEmpty();

        Files.setPosixFilePermissions(file.path(), PosixFilePermissions.fromString("rw-------"));
        Files.setLastModifiedTime(file.path(), FileTime.fromMillis(2_000));
        assertThat(find(watched, token)).as("mended").contains(OwnerTokenStore.OWNER);

        Files.delete(file.path());
        assertThat(find(watched, token)).as("removed").isEmpty();
    }

    @Test
    void aServerDoesNotStartWithoutAUsableFile() {
        assertThatThrownBy(() -> new WatchedOwnerToken(new OwnerTokenFile(temp.resolve("absent.token")), false))
                .isInstanceOf(AuthSetupException.class)
                .hasMessageContaining("does not exist");
    }

    private static Optional<Principal> find(WatchedOwnerToken watched, String token) {
        return watched.find(TokenDigest.of(token));
    }

    private static String token(OwnerTokenFile file) throws IOException {
        return Files.readString(file.path()).strip();
    }
}
