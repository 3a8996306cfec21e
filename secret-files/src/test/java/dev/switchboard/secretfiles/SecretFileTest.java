package dev.switchboard.secretfiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.secretfiles.SecretFileRefusal.Reason;

class SecretFileTest {

    @TempDir
    Path dir;

    private Path secret(String name, String content, String mode) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
        return file;
    }

    private static Reason refusal(Path file) {
        try {
            SecretFile.readOwnerOnly(file);
        } catch (SecretFileRefusal e) {
            assertThat(e.getMessage()).startsWith(file + " ").isEqualTo(file + " " + e.detail());
            assertThat(e.file()).isEqualTo(file);
            return e.reason();
        }
        throw new AssertionError(file + " was accepted");
    }

    @Test
    void anOwnerOnlyFileIsReadWholeAndUnchanged() throws Exception {
        assertThat(SecretFile.readOwnerOnly(secret("token", "s3cret\nsecond line\n", "rw-------")))
                .isEqualTo("s3cret\nsecond line\n");
        assertThat(SecretFile.readOwnerOnly(secret("read-only", "pw", "r--------")))
                .isEqualTo("pw");
    }

    @Test
    void aMissingFileIsRefusedAsMissing() {
        assertThat(refusal(dir.resolve("absent"))).isEqualTo(Reason.MISSING);
    }

    @Test
    void aSymbolicLinkIsRefusedEvenToAnOwnerOnlyFile() throws Exception {
        Path target = secret("target", "s3cret", "rw-------");
        Path link = Files.createSymbolicLink(dir.resolve("link"), target);
        assertThat(refusal(link)).isEqualTo(Reason.LINK);
    }

    @Test
    void aDirectoryIsRefusedAsNotRegular() throws Exception {
        Path directory = Files.createDirectory(
                dir.resolve("directory"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        assertThat(refusal(directory)).isEqualTo(Reason.NOT_REGULAR);
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aFifoIsRefusedAsNotRegularWithoutWaitingForAWriter() throws Exception {
        Path fifo = dir.resolve("fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", "-m", "600", fifo.toString())
                .inheritIO()
                .start();
        assertThat(mkfifo.waitFor()).isZero();
        assertThat(refusal(fifo)).isEqualTo(Reason.NOT_REGULAR);
    }

    @Test
    void anyGroupOrOtherBitIsRefusedAndNamed() throws Exception {
        for (String mode : new String[] {"rw-r-----", "rw----r--", "rw--w----", "rw------x"}) {
            Path file = secret("loose-" + mode, "s3cret", mode);
            assertThatThrownBy(() -> SecretFile.readOwnerOnly(file))
                    .isInstanceOfSatisfying(
                            SecretFileRefusal.class, e -> assertThat(e.reason()).isEqualTo(Reason.MODE_BITS))
                    .hasMessageContaining("group or others")
                    .hasMessageNotContaining("s3cret");
        }
    }

    @Test
    void anEmptyOrBlankFileIsRefusedAsEmpty() throws Exception {
        assertThat(refusal(secret("empty", "", "rw-------"))).isEqualTo(Reason.EMPTY);
        assertThat(refusal(secret("blank", " \n\t\n", "rw-------"))).isEqualTo(Reason.EMPTY);
    }

    @Test
    void aFileOverTheCapIsRefusedAsTooLarge() throws Exception {
        Path file = secret("big", "x".repeat(4097), "rw-------");
        assertThatThrownBy(() -> SecretFile.readOwnerOnly(file, 4096))
                .isInstanceOfSatisfying(
                        SecretFileRefusal.class, e -> assertThat(e.reason()).isEqualTo(Reason.TOO_LARGE))
                .hasMessage(file + " is larger than 4096 bytes");
        assertThat(SecretFile.readOwnerOnly(file, 4097)).hasSize(4097);
    }

    @Test
    void contentThatIsNotUtf8IsRefused() throws Exception {
        Path file = dir.resolve("latin1");
        Files.write(file, new byte[] {'p', (byte) 0xE9, 'w'});
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        assertThat(refusal(file)).isEqualTo(Reason.NOT_UTF8);
    }

    @Test
    void aFileOfAnotherOwnerIsRefusedAsOwner() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "only root can give a file away");
        Path file = secret("given-away", "s3cret", "rw-------");
        Files.setOwner(
                file, file.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("54321"));
        assertThatThrownBy(() -> SecretFile.readOwnerOnly(file))
                .isInstanceOfSatisfying(
                        SecretFileRefusal.class, e -> assertThat(e.reason()).isEqualTo(Reason.OWNER))
                .hasMessage(file + " is owned by uid 54321 (54321), not by this process's uid 0");
    }

    @Test
    void theOwnerIsComparedByUserIdSoAUserWithoutAPasswdEntryReadsItsOwnFile() throws Exception {
        // a container's runAsUser without an /etc/passwd entry: the JDK's user.name is then "?"
        Path file = secret("own", "s3cret", "rw-------");
        String user = System.getProperty("user.name");
        System.setProperty("user.name", "?");
        try {
            assertThat(SecretFile.readOwnerOnly(file)).isEqualTo("s3cret");
        } finally {
            System.setProperty("user.name", user);
        }
    }

    @Test
    void aCapBelowOneIsAProgrammingError() {
        assertThatThrownBy(() -> SecretFile.readOwnerOnly(dir.resolve("any"), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxBytes must be at least 1: 0");
    }

    @Test
    void groupOrOthersAccessListsOnlyTheLooseBits() throws Exception {
        assertThat(SecretFile.groupOrOthersAccess(secret("tight", "x", "rwx------")))
                .isEmpty();
        assertThat(SecretFile.groupOrOthersAccess(secret("loose", "x", "rw-r---w-")))
                .containsExactlyInAnyOrder(
                        java.nio.file.attribute.PosixFilePermission.GROUP_READ,
                        java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE);
    }
}
