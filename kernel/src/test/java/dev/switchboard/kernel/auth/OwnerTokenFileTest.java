package dev.switchboard.kernel.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.secrets.DefaultSecretScanner;
import dev.switchboard.ports.secrets.SecretFinding;

class OwnerTokenFileTest {

    @TempDir
    Path temp;

    @Test
    void generatesAnOwnerOnlyTokenInAnOwnerOnlyDirectoryOnFirstOpen() throws IOException {
        Path file = temp.resolve("state/nested/owner.token");

        new OwnerTokenFile(file).open(true);

        assertThat(permissions(file)).isEqualTo("rw-------");
        assertThat(permissions(file.getParent())).isEqualTo("rwx------");
        assertThat(permissions(file.getParent().getParent())).isEqualTo("rwx------");
        String content = Files.readString(file);
        assertThat(content).matches("sbt_[A-Za-z0-9_-]{43}\n");
        assertThat(new DefaultSecretScanner().scan("token", content))
                .extracting(SecretFinding::ruleId)
                .contains("switchboard-token");
    }

    @Test
    void stateDirectoryThatIsARegularFileIsCalledNotADirectory() throws IOException {
        Path state = Files.writeString(temp.resolve("state"), "not a directory");

        assertThatThrownBy(() -> new OwnerTokenFile(state.resolve("owner.token")).open(true))
                .isInstanceOf(AuthSetupException.class)
                .hasMessageContaining("cannot create owner token file " + state.resolve("owner.token"))
                .hasMessageContaining(state + " is not a directory");
    }

    @Test
    void reusesTheTokenOnTheNextOpen() throws IOException {
        Path file = temp.resolve("owner.token");
        TokenDigest first = new OwnerTokenFile(file).open(true);
        String written = Files.readString(file);

        TokenDigest second = new OwnerTokenFile(file).open(true);

        assertThat(Files.readString(file)).isEqualTo(written);
        assertThat(second.bytes())
                .isEqualTo(first.bytes())
                .isEqualTo(TokenDigest.of(written.strip()).bytes());
    }

    @Test
    void leavesNoStagingFileBehind() throws IOException {
        OwnerTokenFile file = new OwnerTokenFile(temp.resolve("owner.token"));
        file.open(true);
        file.rotate();

        try (var entries = Files.list(temp)) {
            assertThat(entries.map(p -> p.getFileName().toString())).containsExactly("owner.token");
        }
    }

    @Test
    void concurrentFirstStartsAgreeOnOneToken() throws Exception {
        Path file = temp.resolve("state/owner.token");
        List<Callable<byte[]>> starts = IntStream.range(0, 8)
                .<Callable<byte[]>>mapToObj(
                        i -> () -> new OwnerTokenFile(file).open(true).bytes())
                .toList();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<byte[]>> digests = pool.invokeAll(starts);
            byte[] expected = TokenDigest.of(Files.readString(file).strip()).bytes();
            for (Future<byte[]> digest : digests) {
                assertThat(digest.get()).isEqualTo(expected);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void refusesAGroupOrWorldReadableFileNamingItWithoutShowingTheToken() throws IOException {
        String token = TokenFormat.generate();
        Path file = write("shared.token", token, "rw-r--r--");

        assertThatThrownBy(() -> new OwnerTokenFile(file).open(false))
                .isInstanceOf(AuthSetupException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("group or others")
                .hasMessageNotContaining(token);
        assertThatThrownBy(() -> new OwnerTokenFile(write("group.token", token, "rw-r-----")).open(true))
                .isInstanceOf(AuthSetupException.class)
                .hasMessageContaining("group.token");
    }

    @Test
    void refusesASymbolicLinkEvenToAnOwnerOnlyTokenFile() throws IOException {
        Path target = write("real.token", TokenFormat.generate(), "rw-------");
        Path link = Files.createSymbolicLink(temp.resolve("link.token"), target);

        assertThatThrownBy(() -> new OwnerTokenFile(link).open(false))
                .isInstanceOf(AuthSetupException.class)
                .hasMessageStartingWith("owner token file " + link + " is a symbolic link, which is refused");
    }

    @Test
    void refusesAMissingFileThatMayNotBeGenerated() {
        Path file = temp.resolve("absent.token");

        assertThatThrownBy(() -> new OwnerTokenFile(file).open(false))
                .isInstanceOf(AuthSetupException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("does not exist");
        assertThat(file).doesNotExist();
    }

    @Test
    void refusesContentThatIsNotOneStrongToken() throws IOException {
        for (String content : List.of(
                "", "short-token", TokenFormat.generate() + " " + TokenFormat.generate(), "sbt_" + "é".repeat(43))) {
            Path file = write("bad.token", content, "rw-------");

            assertThatThrownBy(() -> new OwnerTokenFile(file).open(false))
                    .isInstanceOf(AuthSetupException.class)
                    .hasMessageContaining("does not hold one token");
        }
    }

    @Test
    void acceptsAnOperatorSuppliedOwnerOnlyToken() throws IOException {
        String token = "a".repeat(20) + "B".repeat(20) + "0123456789";
        Path file = write("mine.token", token + "\n", "r--------");

        TokenDigest digest = new OwnerTokenFile(file).open(false);

        assertThat(digest.bytes()).isEqualTo(TokenDigest.of(token).bytes());
        assertThat(Files.readString(file)).isEqualTo(token + "\n");
    }

    @Test
    void rotateWritesADifferentOwnerOnlyTokenAndRepairsLoosePermissions() throws IOException {
        String old = TokenFormat.generate();
        Path file = write("owner.token", old, "rw-r--r--");

        new OwnerTokenFile(file).rotate();

        assertThat(permissions(file)).isEqualTo("rw-------");
        assertThat(Files.readString(file)).matches("sbt_[A-Za-z0-9_-]{43}\n").doesNotContain(old);
        assertThat(new OwnerTokenFile(file).exposure()).isEmpty();
    }

    @Test
    void aSymbolicLinkIsRefusedAsALinkBeforeItsTargetsGroupBitsAreLookedAt() throws IOException {
        // a Kubernetes Secret volume: a link to a group-readable file on a read-only volume (the
        // refusal named the target's group bits and suggested chmod and token rotate, neither possible there)
        Path target = write("secret-target", TokenFormat.generate(), "r--r-----");
        Path link = Files.createSymbolicLink(temp.resolve("owner.token"), target);

        assertThatThrownBy(() -> new OwnerTokenFile(link).open(false))
                .isInstanceOf(AuthSetupException.class)
                .hasMessageContaining("is a symbolic link, which is refused")
                .hasMessageNotContaining("chmod");
    }

    private Path write(String name, String content, String permissions) throws IOException {
        Path file = temp.resolve(name);
        Files.deleteIfExists(file);
        Files.writeString(file, content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
        return file;
    }

    private static String permissions(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }
}
