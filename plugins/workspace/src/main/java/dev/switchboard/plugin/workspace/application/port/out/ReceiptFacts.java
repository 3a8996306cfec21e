package dev.switchboard.plugin.workspace.application.port.out;

import java.util.List;

/**
 * The metadata a receipt keeps about an outcome; never contents.
 *
 * @param cwd            the workspace's directory
 * @param changedPaths   the files a write or edit replaced
 * @param revision       the new revision after a write or edit, or null
 * @param code           the failure code, or null on success
 * @param exitCode       a command's exit code, or null
 * @param fullOutputPath where a command's full output was kept, or null
 */
public record ReceiptFacts(
        String cwd, List<String> changedPaths, String revision, String code, Integer exitCode, String fullOutputPath) {

    /** @throws NullPointerException if {@code changedPaths} is null */
    public ReceiptFacts {
        changedPaths = List.copyOf(changedPaths);
    }

    /** No facts yet: a receipt that is only started. */
    public static final ReceiptFacts NONE = new ReceiptFacts(null, List.of(), null, null, null, null);
}
