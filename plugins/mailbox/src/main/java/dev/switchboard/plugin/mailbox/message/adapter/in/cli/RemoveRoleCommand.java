package dev.switchboard.plugin.mailbox.message.adapter.in.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.pf4j.Extension;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.domain.RoleRoster;
import dev.switchboard.plugin.mailbox.channel.domain.Roles;
import dev.switchboard.plugin.mailbox.message.application.RemoveRole;
import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.cli.SubcommandCall;
import dev.switchboard.ports.cli.SubcommandOption;
import dev.switchboard.ports.cli.SubcommandUsageException;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * {@code switchboard mailbox remove-role ROLE [--channel NAME] [--json]}: the owner (whoever runs the command on the
 * store) takes a mistyped role off a local channel's roster ({@link RemoveRole}) and prints what it did. Exit
 * statuses: 0 removed; 2 the command line is wrong, no such channel, or the role is not on the channel's roster (its
 * roles are named); 3 refused, nothing written (the role has acted, or the channel is hosted); 1 the store failed.
 * Stateless; built before the storage opens.
 */
@Extension
public final class RemoveRoleCommand implements Subcommand {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    public List<String> path() {
        return List.of("mailbox", "remove-role");
    }

    @Override
    public String arguments() {
        return "ROLE";
    }

    @Override
    public String summary() {
        return "Remove a mistyped role (one that was only ever addressed) from a local channel's roster.";
    }

    @Override
    public String footer() {
        return "A local channel's roles are those that have sent or received a message, so a message to a typo makes"
                + " a role. This takes such a role off: its read state goes, and a message it was the only recipient"
                + " of becomes a tombstone. A role that has acted (sent, voted, uploaded) is refused. Exit 0 removed;"
                + " 1 failed; 2 usage, no such channel, or not a role of the channel (its roles are named); 3 refused"
                + " (the role has acted, or the channel is hosted). Nothing is written unless it exits 0.";
    }

    @Override
    public List<SubcommandOption> options() {
        return List.of(
                SubcommandOption.withValue("channel", "NAME", "The channel; default plugins.mailbox.channel (local)."),
                SubcommandOption.flag("json", "Print the result as one JSON object."));
    }

    @Override
    public void checkUsage(SubcommandCall call) {
        if (call.arguments().size() != 1) {
            throw new SubcommandUsageException("expected one ROLE (the role to remove), got "
                    + call.arguments().size() + " arguments");
        }
        if (!Roles.isName(call.arguments().get(0))) {
            throw new SubcommandUsageException("'" + call.arguments().get(0) + "' is not a role name");
        }
        call.option("channel").ifPresent(channel -> {
            if (!CallerResolver.isChannelName(channel)) {
                throw new SubcommandUsageException(
                        "--channel: '" + channel + "' is not a channel name (^[a-z0-9][a-z0-9_-]{0,63}$)");
            }
        });
    }

    @Override
    public int run(SubcommandCall call) {
        checkUsage(call);
        String role = call.arguments().get(0);
        String channel = call.option("channel")
                .orElseGet(() -> call.service(CallerResolver.class).localChannel());
        return switch (call.service(RemoveRole.class).remove(channel, role)) {
            case Outcome.Done<RemoveRole.Removed> done -> {
                print(call, done.value());
                yield DONE;
            }
            case Outcome.Refused<RemoveRole.Removed> refused -> refused(call, refused.refusal());
        };
    }

    private static int refused(SubcommandCall call, Refusal refusal) {
        call.err().println("switchboard: " + refusal.message());
        if (refusal.code().equals(ErrorCode.CONFLICT)) {
            return REFUSED;
        }
        return refusal.code().equals(RoleRoster.UNKNOWN_ROLE) || refusal.code().equals(ErrorCode.NOT_FOUND)
                ? USAGE
                : FAILED;
    }

    private static void print(SubcommandCall call, RemoveRole.Removed removed) {
        if (call.flag("json")) {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("channel", removed.channel());
            json.put("removed", removed.role());
            json.put("unaddressed", removed.unaddressed());
            json.put("deleted", removed.deleted());
            json.put("roles", removed.roles());
            call.out().println(JSON.writeValueAsString(json));
            return;
        }
        call.out()
                .printf(
                        "removed role '%s' from channel '%s': it was a recipient of %d message(s); %d of them, addressed"
                                + " to it alone, are now tombstones%s%n",
                        removed.role(),
                        removed.channel(),
                        removed.unaddressed().size(),
                        removed.deleted().size(),
                        removed.deleted().isEmpty()
                                ? ""
                                : " ("
                                        + String.join(
                                                ", ",
                                                removed.deleted().stream()
                                                        .map(id -> "#" + id)
                                                        .toList())
                                        + ")");
        call.out()
                .println("its roles now: " + (removed.roles().isEmpty() ? "none" : String.join(", ", removed.roles())));
    }
}
