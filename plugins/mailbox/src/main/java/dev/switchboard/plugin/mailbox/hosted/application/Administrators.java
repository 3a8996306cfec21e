package dev.switchboard.plugin.mailbox.hosted.application;

import java.util.Optional;

import dev.switchboard.plugin.mailbox.channel.application.Refusals;
import dev.switchboard.plugin.mailbox.channel.domain.Problem;
import dev.switchboard.plugin.mailbox.channel.domain.StorableText;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolCall;

/**
 * Who may use the management tools (behaviour 129): the owner token over HTTP for all of them; a role token only for
 * {@code board_link} on its own channel. A local stdio session is refused: hosted channels are administered with the
 * owner token, over HTTP. Stateless.
 */
public final class Administrators {

    /** What a refused caller can do instead. */
    public static final String HOW_TO_ADMINISTER = "The management tools (create_channel, list_channels, add_role,"
            + " rotate_token, board_link, revoke_board_access, delete_channel, list_audit_events) answer the owner"
            + " token over HTTP: serve with --http and call them with Authorization: Bearer <the owner token>.";

    private Administrators() {}

    /**
     * A call of a management tool open to the owner only, once its arguments are storable text (as every mailbox
     * tool's, {@link StorableText}: a NUL or lone surrogate would be stored changed).
     *
     * @param call the management tool's call
     * @return the owner; or FORBIDDEN naming who may; or INVALID_ARGUMENTS naming the first unstorable argument
     */
    public static Outcome<Actor> owner(ToolCall call) {
        return owner(call.principal()).then(owner -> storable(call, owner));
    }

    /**
     * Like {@link #owner(ToolCall)}, for a tool a hosted role may call too ({@code board_link}).
     *
     * @param call the management tool's call
     * @return the owner or a hosted role; or FORBIDDEN; or INVALID_ARGUMENTS naming the first unstorable argument
     */
    public static Outcome<Actor> ownerOrRole(ToolCall call) {
        return ownerOrRole(call.principal()).then(actor -> storable(call, actor));
    }

    private static Outcome<Actor> storable(ToolCall call, Actor actor) {
        Optional<Problem> unstorable = StorableText.firstProblem(call.arguments());
        return unstorable.isPresent() ? Refusals.refused(unstorable.get()) : Outcome.done(actor);
    }

    /**
     * @param principal the caller
     * @return the owner, or FORBIDDEN naming who may
     */
    public static Outcome<Actor> owner(Principal principal) {
        if (Actor.isHostedOwner(principal)) {
            return Outcome.done(Actor.OWNER);
        }
        return Refusals.refused(Problem.forbidden(
                who(principal) + " cannot administer hosted channels; nothing was" + " done. " + HOW_TO_ADMINISTER));
    }

    /**
     * @param principal the caller
     * @return the owner or a hosted role, or FORBIDDEN
     */
    public static Outcome<Actor> ownerOrRole(Principal principal) {
        if (Actor.isHostedRole(principal)) {
            return Outcome.done(Actor.role(principal));
        }
        return owner(principal);
    }

    private static String who(Principal principal) {
        if (principal.equals(Principal.LOCAL_OWNER)) {
            return "a local (stdio) session";
        }
        return switch (principal.kind()) {
            case CHANNEL_ROLE -> "a role token";
            case VIEWER -> "a view key";
            default -> "this caller";
        };
    }
}
