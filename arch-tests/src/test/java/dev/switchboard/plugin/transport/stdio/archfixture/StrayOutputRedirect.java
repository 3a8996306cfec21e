package dev.switchboard.plugin.transport.stdio.archfixture;

/** The recorded exception: the stdio transport points System.out at System.err to protect the protocol. */
final class StrayOutputRedirect {

    void protectProtocolStream() {
        System.setOut(System.err);
    }
}
