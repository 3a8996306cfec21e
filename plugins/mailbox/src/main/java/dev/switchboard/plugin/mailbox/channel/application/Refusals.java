package dev.switchboard.plugin.mailbox.channel.application;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.switchboard.plugin.mailbox.channel.domain.Problem;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * A rule's {@link Problem} as the tool's refusal: bad input is {@code INVALID_ARGUMENTS} ({@code "<field>: ..."},
 * {@code details.field}), a refused state change {@code CONFLICT}, acting outside one's role {@code FORBIDDEN}, a
 * missing or deleted record {@code NOT_FOUND}, a role argument naming no role of the channel {@code UNKNOWN_ROLE}. Stateless.
 */
public final class Refusals {

    /**
     * A role argument ({@code to_role}, {@code from_role}, a hosted recipient or voter) that names no role of the
     * channel: {@code "<field>: ..."} naming the known roles, {@code details.field}, {@code details.roles}.
     */
    public static final ErrorCode UNKNOWN_ROLE = ErrorCode.of("UNKNOWN_ROLE");

    private Refusals() {}

    /**
     * @param problem why
     * @return the refusal
     */
    public static Refusal of(Problem problem) {
        return switch (problem.kind()) {
            case INVALID ->
                problem.field() == null
                        ? Refusal.of(ErrorCode.INVALID_ARGUMENTS, problem.message())
                        : Refusal.invalid(problem.field(), problem.message());
            case CONFLICT -> Refusal.of(ErrorCode.CONFLICT, problem.message());
            case FORBIDDEN -> Refusal.of(ErrorCode.FORBIDDEN, problem.message());
            case NOT_FOUND -> Refusal.of(ErrorCode.NOT_FOUND, problem.message());
            case UNKNOWN_ROLE ->
                new Refusal(UNKNOWN_ROLE, problem.field() + ": " + problem.message(), Map.of("field", problem.field()));
        };
    }

    /**
     * @param problem why
     * @param details facts for programs (ids of open rounds, missing agrees)
     * @return the refusal with those details
     */
    public static Refusal of(Problem problem, Map<String, Object> details) {
        Refusal plain = of(problem);
        Map<String, Object> merged = new LinkedHashMap<>(plain.details());
        merged.putAll(details);
        return new Refusal(plain.code(), plain.message(), merged);
    }

    /**
     * @param problem why
     * @param <T>     the value's type had it succeeded
     * @return the refused outcome
     */
    public static <T> Outcome<T> refused(Problem problem) {
        return Outcome.refused(of(problem));
    }

    /**
     * @param id a message id the caller named
     * @param <T> the value's type had it succeeded
     * @return NOT_FOUND naming the id (a deleted message is not found, as in the original)
     */
    public static <T> Outcome<T> noMessage(long id) {
        return refused(Problem.notFound("message " + id
                + " not found in this channel (it never existed or was deleted); list_messages shows the live ones"));
    }
}
