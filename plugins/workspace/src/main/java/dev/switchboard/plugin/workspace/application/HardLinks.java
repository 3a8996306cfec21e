package dev.switchboard.plugin.workspace.application;

import java.util.Map;

/**
 * How a {@code write} or {@code edit} answer says that the replaced file had other hard links, which the rename
 * detached: {@code details.other_hard_links} and one sentence. Stateless.
 */
final class HardLinks {

    private HardLinks() {}

    /** Adds {@code other_hard_links} to the details when there were any. */
    static void note(Map<String, Object> details, int otherLinks) {
        if (otherLinks > 0) {
            details.put("other_hard_links", otherLinks);
        }
    }

    /** @return the sentence for the answer's text, or empty when there were none */
    static String sentence(int otherLinks) {
        return otherLinks == 0
                ? ""
                : " The file had " + otherLinks + " other hard link(s); they still show the old content (the file was"
                        + " replaced, not rewritten in place).";
    }
}
