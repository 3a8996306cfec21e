package dev.switchboard.plugin.mailbox.channel.archfixture;

import dev.switchboard.plugin.mailbox.message.domain.Vocabulary;

/** A class of the core that uses a capability: the core depends on no capability. */
final class CoreKnowsMessage {

    private final Vocabulary vocabulary;

    CoreKnowsMessage(Vocabulary vocabulary) {
        this.vocabulary = vocabulary;
    }

    String describe() {
        return String.valueOf(vocabulary);
    }
}
