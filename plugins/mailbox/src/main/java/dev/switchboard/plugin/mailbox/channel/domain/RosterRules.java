package dev.switchboard.plugin.mailbox.channel.domain;

import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import dev.switchboard.ports.tool.Refusal;

/**
 * What a hosted channel's registered roster adds to {@code send_message}'s rules (behaviours 85, 86): every recipient
 * is on the roster (else UNKNOWN_ROLE, {@link RoleRoster#check}); a pin proposal ({@code kind proc} with a {@code pin_key}) is addressed to every other role and
 * declares its {@code voters}, each of them on the roster. Stateless.
 */
public final class RosterRules {

    private RosterRules() {}

    /**
     * @param roster      the channel's registered roles
     * @param author      the sender's role
     * @param recipients  the message's recipients, resolved from {@code to}
     * @param kind        its kind, or null
     * @param pinKey      its pin key, or null
     * @param votersGiven whether {@code voters} was passed
     * @param voters      the electorate from {@code voters} (the author left out), or null when not passed
     * @return why the message is refused, or empty
     */
    public static Optional<Refusal> check(
            List<String> roster,
            String author,
            List<String> recipients,
            String kind,
            String pinKey,
            boolean votersGiven,
            List<String> voters) {
        RoleRoster registered = new RoleRoster(roster, true);
        for (String recipient : recipients) {
            Optional<Refusal> unknown = registered.check("to", recipient, null);
            if (unknown.isPresent()) {
                return unknown;
            }
        }
        if (!"proc".equals(kind) || pinKey == null) {
            return Optional.empty();
        }
        TreeSet<String> others = new TreeSet<>(roster);
        others.remove(author);
        if (!new TreeSet<>(recipients).equals(others)) {
            return Optional.of(Refusal.invalid(
                    "to",
                    "a pin proposal in a hosted channel goes to every other role (" + String.join(", ", others)
                            + "), so each can see the round it may vote in; pass to=\"*\""));
        }
        if (!votersGiven) {
            return Optional.of(Refusal.invalid(
                    "voters",
                    "a pin proposal in a hosted channel declares its electorate: pass voters=\"*\" for every other"
                            + " role, or the list of roles whose agreement the pin needs"));
        }
        for (String voter : voters) {
            Optional<Refusal> unknown = registered.check("voters", voter, null);
            if (unknown.isPresent()) {
                return unknown;
            }
        }
        return Optional.empty();
    }
}
