package dev.switchboard.plugin.mailbox.message.application.port.out;

/**
 * How much of each message body a read loads: all of it, none of it, or its first characters, cut by the database so
 * the rest never leaves it. A cut read's messages carry the whole body's length ({@code Message.bodyChars()}), so a
 * caller can say "cut, N characters in all". Immutable.
 *
 * @param maxChars the most characters (Unicode code points, as {@code body_length_chars} counts them) of each body
 *                 loaded; {@link Integer#MAX_VALUE} for the whole body
 */
public record BodyRead(int maxChars) {

    /** Every body whole. */
    public static final BodyRead WHOLE = new BodyRead(Integer.MAX_VALUE);

    /** No body at all (each message's {@code body} is empty, {@code bodyChars} its whole length). */
    public static final BodyRead NONE = new BodyRead(0);

    /** @throws IllegalArgumentException if {@code maxChars} is negative */
    public BodyRead {
        if (maxChars < 0) {
            throw new IllegalArgumentException("maxChars must be 0 or more, got " + maxChars);
        }
    }

    /**
     * @param chars how many characters of each body, 0 and up
     * @return a prefix-only read
     */
    public static BodyRead prefix(int chars) {
        return new BodyRead(chars);
    }

    /** @return whether bodies are read whole */
    public boolean whole() {
        return maxChars == Integer.MAX_VALUE;
    }
}
