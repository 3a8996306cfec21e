package dev.switchboard.bridge.mcp.transport;

/**
 * Measures how deeply the objects and arrays of a JSON text nest, on the raw bytes and before any parsing, so that a
 * hostile body cannot make the parser recurse deeply. Brackets inside strings do not count. UTF-8 multi-byte
 * sequences never contain ASCII bytes, so scanning bytes is exact.
 */
final class JsonDepth {

    private JsonDepth() {}

    /** @return whether the nesting of {@code json} goes deeper than {@code limit} */
    static boolean exceeds(byte[] json, int limit) {
        int depth = 0;
        boolean inString = false;
        boolean escaped = false;
        for (byte b : json) {
            if (inString) {
                if (escaped) {
                    escaped = false;
                } else if (b == '\\') {
                    escaped = true;
                } else if (b == '"') {
                    inString = false;
                }
            } else if (b == '"') {
                inString = true;
            } else if (b == '{' || b == '[') {
                if (++depth > limit) {
                    return true;
                }
            } else if (b == '}' || b == ']') {
                depth--;
            }
        }
        return false;
    }
}
