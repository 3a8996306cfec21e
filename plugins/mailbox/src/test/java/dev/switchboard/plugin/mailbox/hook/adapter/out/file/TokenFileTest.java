package dev.switchboard.plugin.mailbox.hook.adapter.out.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;

class TokenFileTest {

    @TempDir
    Path dir;

    private Path token(String name, String content, String mode) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
        return file;
    }

    @Test
    void anOwnerOnlyTokenFileGivesTheTokenWithoutSurroundingWhiteSpace() throws IOException {
        assertThat(new TokenFile().read(token("role.token", "  sbr_token\n", "rw-------")))
                .isEqualTo("sbr_token");
    }

    @Test
    void aTokenFileOpenToOthersIsASetupFailureSayingChmod() throws IOException {
        Path file = token("open.token", "sbr_token", "rw-r--r--");

        assertThatThrownBy(() -> new TokenFile().read(file))
                .isInstanceOfSatisfying(
                        HookFailure.class, e -> assertThat(e.kind()).isEqualTo(HookFailure.Kind.SETUP))
                .hasMessage("the token file " + file + " is readable or writable by others (chmod 600 it)");
    }

    @Test
    void aSymbolicLinkAMissingFileAndAnOversizedFileAreSetupFailuresNamingTheRule() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("link.token"), token("real", "sbr_token", "rw-------"));
        Path big = token("big.token", "x".repeat(4097), "rw-------");

        assertThatThrownBy(() -> new TokenFile().read(link))
                .isInstanceOf(HookFailure.class)
                .hasMessage("the token file " + link + " is a symbolic link");
        assertThatThrownBy(() -> new TokenFile().read(dir.resolve("absent")))
                .hasMessage("the token file " + dir.resolve("absent") + " does not exist");
        assertThatThrownBy(() -> new TokenFile().read(big))
                .hasMessage("the token file " + big + " is larger than 4096 bytes");
    }
}
