package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import java.util.OptionalLong;

/** A message id as a board path carries it: 1 to 18 digits, no leading zero; anything else names no message. */
final class MessageIds {

    private MessageIds() {}

    /**
     * @param segment the path segment
     * @return the id, or empty when the segment cannot be one
     */
    static OptionalLong parse(String segment) {
        return segment != null && segment.matches("[1-9][0-9]{0,17}")
                ? OptionalLong.of(Long.parseLong(segment))
                : OptionalLong.empty();
    }
}
