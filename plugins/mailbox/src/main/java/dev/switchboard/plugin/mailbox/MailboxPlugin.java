package dev.switchboard.plugin.mailbox;

import org.pf4j.Plugin;

/**
 * PF4J entry of the {@code mailbox} plugin. It has no lifecycle work: the kernel builds the plugin's extensions
 * through {@link MailboxModule} and applies its migrations before the tools are listed.
 */
public final class MailboxPlugin extends Plugin {

    /** Called by PF4J. */
    public MailboxPlugin() {
        super();
    }
}
