package dev.switchboard.plugin.mailbox.search.domain;

/** Which text of a message a term must occur in: either ({@link #ANY}), or only the topic or only the body. */
public enum Column {
    /** The topic or the body. */
    ANY,
    /** The topic only ({@code topic:} in a query). */
    TOPIC,
    /** The body only ({@code body:} in a query). */
    BODY
}
