package dev.switchboard.plugin.mailbox.orientation.archfixture;

import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.work.domain.TaskList;

/** A class of the orientation capability that uses the core and the work capability, which orientation declares. */
final class OrientationKnowsWork {

    private final TaskList list;
    private final MailboxLimits limits;

    OrientationKnowsWork(TaskList list, MailboxLimits limits) {
        this.list = list;
        this.limits = limits;
    }

    String describe() {
        return list.name() + limits;
    }
}
