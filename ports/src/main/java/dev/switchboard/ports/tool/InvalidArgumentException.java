package dev.switchboard.ports.tool;

import java.util.Objects;

/**
 * An argument a tool cannot use: absent though required, of another JSON type, or a number that is not a whole
 * number in the range asked for. Thrown by {@link Arguments}; the kernel's invoker answers it as
 * {@link ErrorCode#INVALID_ARGUMENTS} with {@code details.field} naming the argument, never as
 * {@link ErrorCode#INTERNAL_ERROR}. The message never contains the argument's value.
 */
public class InvalidArgumentException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String problem;

    /**
     * @param field   the argument, as a dotted path for nested values ({@code edits.0.old_text})
     * @param problem what is wrong with it, such as {@code must be a whole number from 1 to 2000}
     * @throws NullPointerException if an argument is null
     */
    public InvalidArgumentException(String field, String problem) {
        super(Objects.requireNonNull(field, "field") + ": " + Objects.requireNonNull(problem, "problem"));
        this.field = field;
        this.problem = problem;
    }

    /** @return the argument, as a dotted path */
    public String field() {
        return field;
    }

    /** @return what is wrong with it, without the field's name */
    public String problem() {
        return problem;
    }
}
