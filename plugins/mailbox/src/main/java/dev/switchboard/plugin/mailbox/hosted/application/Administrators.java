package dev.switchboard.plugin.mailbox.hosted.application;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

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
     * @param principal the caller
     * @return the owner, or FORBIDDEN naming who may
     */
    public static Outcome<Actor> owner(Principal principal) {
        if (Actor.isHostedOwner(principal)) {
            return Outcome.done(Actor.OWNER);
        }
        return Outcome.refused(Refusal.forbidden(
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
        if (principal.isLocalOwner()) {
            return "a local (stdio) session";
        }
        return switch (principal.kind()) {
            case CHANNEL_ROLE -> "a role token";
            case VIEWER -> "a view key";
            default -> "this caller";
        };
    }
}
