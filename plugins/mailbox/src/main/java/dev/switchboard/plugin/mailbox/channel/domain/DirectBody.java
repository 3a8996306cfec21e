package dev.switchboard.plugin.mailbox.channel.domain;

import java.util.Optional;

import dev.switchboard.ports.tool.Refusal;

/**
 * The size rule of a body given directly ({@code body} of send_message, revise_message and pin_set): at most
 * {@link MailboxLimits#BODY_BYTES} bytes of UTF-8, as an upload. Stateless and thread-safe.
 */
public final class DirectBody {

    private DirectBody() {}

    /**
     * @param body a body as given in the call's {@code body} argument
     * @return INVALID_ARGUMENTS naming {@code body}, its size, the limit and the way out (an upload and
     *     {@code body_ref}) when the body is larger than {@link MailboxLimits#BODY_BYTES} bytes of UTF-8; else empty
     */
    public static Optional<Refusal> problem(String body) {
        // a UTF-16 unit is 1 to 3 bytes of UTF-8 (a surrogate pair, two units, is 4): most bodies need no count
        if ((long) body.length() * 3 <= MailboxLimits.BODY_BYTES) {
            return Optional.empty();
        }
        long bytes = utf8Bytes(body);
        if (bytes <= MailboxLimits.BODY_BYTES) {
            return Optional.empty();
        }
        return Optional.of(Refusal.invalid(
                "body",
                "is " + bytes + " bytes of UTF-8; a body is at most " + MailboxLimits.BODY_BYTES
                        + " bytes (8 MiB, the size of one upload), and nothing was written. Shorten it or split it"
                        + " across messages; a large text can instead be sent in pieces with upload_content, sealed"
                        + " with seal_content and passed as body_ref"));
    }

    /**
     * @param text any text (a lone surrogate, which {@code ports.tool.StorableText} refuses before, counts 3 bytes)
     * @return its length in UTF-8 bytes, counted without encoding it
     */
    static long utf8Bytes(CharSequence text) {
        long bytes = 0;
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
