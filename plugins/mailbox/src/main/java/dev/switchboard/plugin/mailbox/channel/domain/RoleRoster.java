package dev.switchboard.plugin.mailbox.channel.domain;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Refusal;

/**
 * What a channel's roster is and who is on it, the one rule every role argument is checked by: a hosted
 * channel's roles are its registry's; a local channel's are those that have sent or received a message (the
 * original's rule: the first message to or from a role makes it one), at most {@link #LOCAL_ROLES_MAX}. A role
 * argument naming no role of the channel is {@link #UNKNOWN_ROLE} naming the known roles, never an empty
 * answer. Immutable.
 *
 * @param roles      the roles, ascending
 * @param registered whether they are a hosted channel's registry (else observed in a local channel's messages)
 */
public record RoleRoster(List<String> roles, boolean registered) {

    /**
     * The most roles a local channel's roster holds (a hosted one holds {@link MailboxLimits#ROLES_MAX}): a message
     * that would make more is refused, so a typo cannot grow the roster without bound.
     */
    public static final int LOCAL_ROLES_MAX = 32;

    /**
     * A role argument ({@code to_role}, {@code from_role}, a hosted recipient or voter) that names no role of the
     * channel: {@code "<field>: ..."} naming the known roles, {@code details.field} (and {@code details.roles} where
     * the application adds them).
     */
    public static final ErrorCode UNKNOWN_ROLE = ErrorCode.of("UNKNOWN_ROLE");

    /** @throws NullPointerException if {@code roles} is null */
    public RoleRoster {
        roles = List.copyOf(new TreeSet<>(roles));
    }

    /** @return whether {@code name} is a role of the channel */
    public boolean has(String name) {
        return roles.contains(name);
    }

    /** @return the roles, comma-separated, or {@code none yet} */
    public String names() {
        return roles.isEmpty() ? "none yet" : String.join(", ", roles);
    }

    /**
     * @param field  the argument ({@code to_role}, {@code from_role}, {@code to}, {@code voters}, {@code --role})
     * @param name   the role it names
     * @param caller the caller's own role, always accepted (a local role is known to itself before its first
     *               message), or null
     * @return why the name is refused, or empty when it is a role of the channel (or the caller's)
     */
    public Optional<Refusal> check(String field, String name, String caller) {
        if (name == null || has(name) || name.equals(caller)) {
            return Optional.empty();
        }
        return Optional.of(new Refusal(UNKNOWN_ROLE, field + ": " + unknown(name), Map.of("field", field)));
    }

    /**
     * @param name a role name that is not on the roster
     * @return the sentence saying so, naming the roles and the way out
     */
    public String unknown(String name) {
        String quoted = ClientText.quoted(name);
        if (registered) {
            return quoted + " is not a role of this channel (its roles: " + names()
                    + "); name one of them, or ask the owner to add_role";
        }
        return quoted + " is not a role of this channel (its roles: " + names() + "). A local channel's roles are those"
                + " that have sent or received a message: a role that has not yet is unknown until its first message;"
                + " check the spelling";
    }

    /**
     * @param field    the argument the new roles come from
     * @param newRoles the roles a message would add (not on the roster)
     * @return why a local channel cannot take them (INVALID_ARGUMENTS), or empty
     */
    public Optional<Refusal> admits(String field, Collection<String> newRoles) {
        if (registered || roles.size() + newRoles.size() <= LOCAL_ROLES_MAX) {
            return Optional.empty();
        }
        return Optional.of(Refusal.invalid(
                field,
                "would make " + newRoles.size() + " new role(s) (" + ClientText.quoted(String.join(", ", newRoles))
                        + ") in a channel that has " + roles.size() + " (" + names() + "), and a local channel holds"
                        + " at most " + LOCAL_ROLES_MAX + " roles; check the names for typos, or remove a mistyped"
                        + " role with `switchboard mailbox remove-role ROLE`"));
    }
}
