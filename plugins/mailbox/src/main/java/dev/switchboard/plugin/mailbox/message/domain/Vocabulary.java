package dev.switchboard.plugin.mailbox.message.domain;

import java.util.List;

/** The closed value sets of a message, as the original has them (§1C.2 send_message). Constants only. */
public final class Vocabulary {

    /** The kinds of a message. */
    public static final List<String> KINDS = List.of("bug", "feat", "proc", "status", "question", "answer");

    /** The kinds that may be sent to several recipients without being a reply. */
    public static final List<String> MULTI_RECIPIENT_KINDS = List.of("proc", "status");

    /** The work statuses of a task. */
    public static final List<String> WORK_STATUSES =
            List.of("proposed", "in_progress", "done_local", "needs_you", "done", "blocked");

    /** The debt statuses. */
    public static final List<String> STATUSES = List.of("open", "resolved");

    private Vocabulary() {}
}
