package dev.switchboard.plugin.handoff.domain;

/**
 * A position in a project's stream of handoffs. The first handoff of a project is 1; {@link #ZERO} is the position
 * before it, where every cursor starts. Sequences are allocated in commit order, so they, and never timestamps, order
 * delivery. Immutable.
 *
 * @param value 0 or more
 */
public record Sequence(long value) implements Comparable<Sequence> {

    /** Before the first handoff. */
    public static final Sequence ZERO = new Sequence(0);

    /** @throws IllegalArgumentException if {@code value} is negative */
    public Sequence {
        if (value < 0) {
            throw new IllegalArgumentException("a sequence is 0 or more, was " + value);
        }
    }

    /**
     * @param value 0 or more
     * @return the sequence
     */
    public static Sequence of(long value) {
        return new Sequence(value);
    }

    /** @return the next position */
    public Sequence next() {
        return new Sequence(value + 1);
    }

    /**
     * @param other another sequence
     * @return whether this comes after {@code other}
     */
    public boolean isAfter(Sequence other) {
        return value > other.value;
    }

    @Override
    public int compareTo(Sequence other) {
        return Long.compare(value, other.value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
