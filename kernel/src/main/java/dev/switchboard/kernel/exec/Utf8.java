package dev.switchboard.kernel.exec;

import java.nio.charset.StandardCharsets;

/** Decodes captured output that may have been cut at an arbitrary byte. Stateless. */
final class Utf8 {

    private Utf8() {}

    /**
     * @param bytes the captured bytes
     * @param cut   whether the capture stopped at the cap, possibly inside a multi-byte character
     * @return the text, malformed bytes replaced by U+FFFD; when {@code cut}, an incomplete last character is dropped
     *         instead, since it is an artefact of the cap rather than of the output
     */
    static String decode(byte[] bytes, boolean cut) {
        int length = cut ? completeLength(bytes) : bytes.length;
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    /** @return the length of {@code bytes} without a trailing multi-byte sequence that lacks continuation bytes */
    static int completeLength(byte[] bytes) {
        int lead = bytes.length - 1;
        // A UTF-8 character has at most 3 continuation bytes (10xxxxxx) after its lead byte.
        while (lead >= 0 && bytes.length - lead <= 3 && (bytes[lead] & 0xC0) == 0x80) {
            lead--;
        }
        if (lead < 0) {
            return bytes.length;
        }
        int first = bytes[lead] & 0xFF;
        int needed = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1;
        return bytes.length - lead < needed ? lead : bytes.length;
    }
}
