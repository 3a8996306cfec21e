package dev.switchboard.plugin.handoff.domain;

import java.util.Objects;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The opaque, permanent identity of a handoff. New ids are random UUIDs; ids from imported databases may have another
 * shape within {@link #PATTERN}. A handoff keeps its id when its project is merged and resequenced. Immutable.
 *
 * @param value the id
 */
public record HandoffId(String value) {

    /** What an id may look like. */
    public static final Pattern PATTERN = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    /** @throws IllegalArgumentException if {@code value} does not match {@link #PATTERN} */
    public HandoffId {
        Objects.requireNonNull(value, "value");
        if (!PATTERN.matcher(value).matches()) {
            throw new IllegalArgumentException("not a handoff id: '" + value + "'");
        }
    }

    /** @return a new random id */
    public static HandoffId random() {
        return new HandoffId(UUID.randomUUID().toString());
    }

    @Override
    public String toString() {
        return value;
    }
}
