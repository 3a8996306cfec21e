package dev.switchboard.bridge.mcp.transport;

/**
 * Strict UTF-8 validation (RFC 3629): no overlong forms, no encoded surrogates, nothing above U+10FFFF, no truncated
 * sequence. The JDK's decoders would replace such bytes with U+FFFD, which turns a client's encoding error into a
 * different message instead of a parse error.
 */
final class Utf8 {

    private Utf8() {}

    static boolean isValid(byte[] bytes) {
        int i = 0;
        int n = bytes.length;
        while (i < n) {
            int b = bytes[i];
            if (b >= 0) {
                i++;
                continue;
            }
            int lead = b & 0xFF;
            int length;
            int min;
            if (lead >= 0xC2 && lead <= 0xDF) {
                length = 2;
                min = 0x80;
            } else if (lead >= 0xE0 && lead <= 0xEF) {
                length = 3;
                min = 0x800;
            } else if (lead >= 0xF0 && lead <= 0xF4) {
                length = 4;
                min = 0x10000;
            } else {
                return false;
            }
            if (i + length > n) {
                return false;
            }
            int codePoint = lead & (0xFF >> (length + 1));
            for (int k = 1; k < length; k++) {
                int next = bytes[i + k] & 0xFF;
                if ((next & 0xC0) != 0x80) {
                    return false;
                }
                codePoint = (codePoint << 6) | (next & 0x3F);
            }
            if (codePoint < min || codePoint > 0x10FFFF || (codePoint >= 0xD800 && codePoint <= 0xDFFF)) {
                return false;
            }
            i += length;
        }
        return true;
    }
}
