package dev.switchboard.plugin.workspace.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/** The re-check just before the rename, and the comparison rule, on real directories. */
class ConfinementRecheckTest {

    @TempDir
    Path base;

    @Test
    @DisplayName("a parent swapped for a symlink to outside between the check and the rename is refused")
    void aParentSwappedForAnOutsideSymlinkIsRefused() throws Exception {
        assertSwapIsRefused(Files.createDirectory(base.resolve("outside")));
    }

    @Test
    @DisplayName("a parent swapped for a symlink that stays inside the root is refused too: it changed")
    void aParentSwappedWithinTheRootIsRefused() throws Exception {
        assertSwapIsRefused(Files.createDirectories(base.resolve("root/elsewhere")));
    }

    /** Checks a parent in root, then replaces it with a symlink to {@code target}: the re-check refuses it. */
    private void assertSwapIsRefused(Path target) throws Exception {
        Path root = Files.createDirectories(base.resolve("root"));
        Path parent = Files.createDirectory(root.resolve("sub"));
        Confinement confinement = new Confinement(List.of(root));
        Path before = parent.toRealPath();
        assertThatCode(() -> confinement.recheck(parent, before)).doesNotThrowAnyException();

        Files.move(parent, root.resolve("moved"));
        Files.createSymbolicLink(parent, target);

        assertInvalidPath(() -> confinement.recheck(parent, before));
    }

    @Test
    @DisplayName("a write through AtomicReplace into an admitted directory lands there")
    void anUnchangedParentIsWritten() throws Exception {
        Path root = Files.createDirectory(base.resolve("root"));
        Confinement confinement = new Confinement(List.of(root));

        AtomicReplace.replace(root.resolve("new/file.txt"), "x".getBytes(), "missing", confinement);

        assertThat(root.resolve("new/file.txt")).hasContent("x");
    }

    @Test
    @DisplayName("roots compare whole path elements: /r/ws never admits /r/ws-evil")
    void comparesPathElementsNotStringPrefixes() throws Exception {
        Path root = Files.createDirectory(base.resolve("ws"));
        Path evil = Files.createDirectory(base.resolve("ws-evil"));
        Confinement confinement = new Confinement(List.of(root));

        assertThat(confinement.admit(root.resolve("ws-evil"))).isEqualTo(root.resolve("ws-evil"));
        assertInvalidPath(() -> confinement.admit(evil.resolve("x")));
        assertThat(new Confinement(List.of()).admit(evil.resolve("x"))).isEqualTo(evil.resolve("x"));
    }

    private static void assertInvalidPath(Runnable call) {
        assertThatThrownBy(call::run)
                .isInstanceOf(WorkspaceException.class)
                .extracting(e -> ((WorkspaceException) e).code())
                .isEqualTo(Code.INVALID_PATH);
    }
}
