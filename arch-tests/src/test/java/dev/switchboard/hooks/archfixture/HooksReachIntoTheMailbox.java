package dev.switchboard.hooks.archfixture;

import dev.switchboard.plugin.mailbox.hook.application.CountsLookup;

/** A class of the hooks' direct path that reaches past the mailbox's entry point, to one of its use cases. */
final class HooksReachIntoTheMailbox {

    private final CountsLookup lookup;

    HooksReachIntoTheMailbox(CountsLookup lookup) {
        this.lookup = lookup;
    }

    boolean remote() {
        return lookup.isRemote();
    }
}
