package dev.switchboard.plugin.workspace.application;

import java.nio.file.Path;
import java.util.Map;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/** The revision check of write and edit, before the change and again just before the rename. Stateless. */
final class Revisions {

    private Revisions() {}

    /**
     * @param target   the real target path
     * @param expected the caller's expected revision, or {@code missing}
     * @return the current revision, equal to {@code expected}
     * @throws WorkspaceException {@link Code#REVISION_CONFLICT} naming the current revision
     */
    static String check(Path target, String expected) {
        String current = FileSnapshot.revisionOf(target);
        if (!current.equals(expected)) {
            throw conflict(target, expected, current);
        }
        return current;
    }

    static WorkspaceException conflict(Path target, String expected, String current) {
        return new WorkspaceException(
                Code.REVISION_CONFLICT,
                target + " is at revision " + current + ", not " + expected
                        + "; nothing was written. Read the file again and retry with its current revision",
                Map.of("path", target.toString(), "expected_revision", expected, "current_revision", current));
    }
}
