package dev.switchboard.kernel.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.attach.AttachPaths;

/** A server's claim on its attach files: the lock, stale files, the description, and their removal. */
class AttachServerFilesTest {

    private static final String KEY = "0123456789abcdef";

    @TempDir
    Path state;

    @Test
    void claimingCreatesTheOwnerOnlyDirectoryAndReplacesAStaleSocketAndDescription() throws Exception {
        AttachPaths paths = AttachPaths.of(state, KEY);
        Files.createDirectories(paths.directory());
        try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            dead.bind(UnixDomainSocketAddress.of(paths.socket()));
        }
        Files.writeString(paths.info(), "{\"pid\":1}");

        try (AttachServerFiles files = AttachServerFiles.claim(paths)) {
            assertThat(paths.socket()).doesNotExist();
            assertThat(paths.info()).doesNotExist();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(paths.directory())))
                    .isEqualTo("rwx------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(paths.serverLock())))
                    .isEqualTo("rw-------");
        }
    }

    @Test
    void theDescriptionNamesTheServerAndCloseRemovesEveryFile() throws Exception {
        AttachPaths paths = AttachPaths.of(state, KEY);
        AttachServerFiles files = AttachServerFiles.claim(paths);

        files.describe("1.0@now", Instant.parse("2026-12-02T10:00:00Z"), state, List.of("http", "attach"));

        assertThat(Files.readString(paths.info()))
                .contains("\"pid\":" + ProcessHandle.current().pid())
                .contains("\"build\":\"1.0@now\"")
                .contains("\"started_at\":\"2026-12-02T10:00:00Z\"")
                .contains("\"key\":\"" + KEY + "\"")
                .contains("\"transports\":[\"http\",\"attach\"]");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(paths.info())))
                .isEqualTo("rw-------");
        files.close();
        files.close();
        assertThat(Files.list(paths.directory()).toList()).isEmpty();
    }

    @Test
    void aSecondClaimOfTheSameKeyIsRefusedWhileTheFirstHoldsIt() throws Exception {
        AttachPaths paths = AttachPaths.of(state, KEY);
        try (AttachServerFiles first = AttachServerFiles.claim(paths)) {
            assertThatThrownBy(() -> AttachServerFiles.claim(paths))
                    .isInstanceOf(AttachUnavailableException.class)
                    .hasMessageContaining(paths.serverLock().toString());
        }
        try (AttachServerFiles again = AttachServerFiles.claim(paths)) {
            assertThat(again.paths()).isEqualTo(paths);
        }
    }

    @Test
    void aStateDirectoryWhereTheAttachDirectoryCannotBeMadeIsRefusedWithItsPath() throws Exception {
        Path readOnly = state.resolve("ro");
        Files.createDirectories(readOnly);
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-x------"));
        // root ignores permissions: a file in the way of the directory makes the state unusable for anyone
        Files.writeString(readOnly.resolve("attach"), "not a directory");

        assertThatThrownBy(() -> AttachServerFiles.claim(AttachPaths.of(readOnly, KEY)))
                .isInstanceOf(AttachUnavailableException.class)
                .hasMessageContaining(readOnly.resolve("attach").toString());
    }
}
