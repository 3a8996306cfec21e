package dev.switchboard.plugin.mailbox.message.archfixture;

import dev.switchboard.plugin.mailbox.work.domain.TaskList;

/** A class of the message capability that uses the work capability, which message does not declare. */
final class MessageKnowsWork {

    private final TaskList list;

    MessageKnowsWork(TaskList list) {
        this.list = list;
    }

    String name() {
        return list.name();
    }
}
