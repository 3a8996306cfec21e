package dev.switchboard.plugin.mailbox.importer.adapter.in.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.pf4j.Extension;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.importer.application.ImportChannel;
import dev.switchboard.plugin.mailbox.importer.application.ImportReport;
import dev.switchboard.plugin.mailbox.importer.application.port.out.UnreadableSourceException;
import dev.switchboard.plugin.mailbox.importer.domain.SourceSchema;
import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.cli.SubcommandCall;
import dev.switchboard.ports.cli.SubcommandOption;
import dev.switchboard.ports.cli.SubcommandUsageException;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * {@code switchboard mailbox import PATH [--channel NAME] [--json]}: imports an ai-agent-channel channel database
 * ({@code messages.db}) into a channel of the store ({@link ImportChannel}) and prints the rows written per table (or
 * one JSON object with {@code --json}). Exit statuses: 0 imported; 2 the file is missing, unreadable, not a SQLite
 * database or not a channel database, or the command line is wrong; 3 refused, nothing written (the channel is not
 * empty, or the file holds columns this import does not know, naming its {@code user_version}); 1 the import failed
 * (the store is busy or down), nothing written. Stateless; built before the storage opens, so it asks for the use
 * case only when it runs.
 */
@Extension
public final class MailboxImportCommand implements Subcommand {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    public List<String> path() {
        return List.of("mailbox", "import");
    }

    @Override
    public String arguments() {
        return "PATH";
    }

    @Override
    public String summary() {
        return "Import an ai-agent-channel channel database (messages.db) into an empty channel, keeping ids.";
    }

    @Override
    public String footer() {
        return "Exit 0 imported; 1 failed (the store is busy or down); 2 usage, or a file that is missing, unreadable"
                + " or no channel database; 3 refused: the channel is not empty, or the file holds columns this"
                + " import does not know. Nothing is written unless it exits 0. The text is imported as it is, not"
                + " run through the secret guardrail.";
    }

    @Override
    public void checkUsage(SubcommandCall call) {
        if (call.arguments().size() != 1) {
            throw new SubcommandUsageException("expected one PATH (the ai-agent-channel database), got "
                    + call.arguments().size() + " arguments");
        }
        call.option("channel").ifPresent(MailboxImportCommand::checkChannel);
    }

    @Override
    public List<SubcommandOption> options() {
        return List.of(
                SubcommandOption.withValue(
                        "channel",
                        "NAME",
                        "The channel to import into, created if missing; default plugins.mailbox.channel (local)."),
                SubcommandOption.flag("json", "Print the result as one JSON object."));
    }

    @Override
    public int run(SubcommandCall call) {
        checkUsage(call);
        Path file = Path.of(call.arguments().get(0));
        String channel = call.option("channel")
                .orElseGet(() -> call.service(CallerResolver.class).localChannel());
        Outcome<ImportReport> outcome;
        try {
            outcome = call.service(ImportChannel.class).run(file, channel);
        } catch (UnreadableSourceException e) {
            call.err().println("switchboard: " + e.getMessage());
            return USAGE;
        }
        return switch (outcome) {
            case Outcome.Done<ImportReport> done -> {
                print(call, file, done.value());
                yield DONE;
            }
            case Outcome.Refused<ImportReport> refused -> refused(call, file, refused.refusal());
        };
    }

    private static void checkChannel(String channel) {
        if (!CallerResolver.isChannelName(channel)) {
            throw new SubcommandUsageException(
                    "--channel: '" + channel + "' is not a channel name (^[a-z0-9][a-z0-9_-]{0,63}$)");
        }
    }

    private static int refused(SubcommandCall call, Path file, Refusal refusal) {
        if (refusal.code().equals(ErrorCode.INVALID_ARGUMENTS)) {
            call.err().println("switchboard: " + file + ": " + refusal.message());
            return USAGE;
        }
        call.err().println("switchboard: " + refusal.message());
        return refusal.code().equals(ErrorCode.CONFLICT) ? REFUSED : FAILED;
    }

    private static void print(SubcommandCall call, Path file, ImportReport report) {
        PrintWriter out = call.out();
        if (call.flag("json")) {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("source", file.toString());
            json.put("source_user_version", report.sourceVersion());
            json.put("channel", report.channel());
            json.put("tables", report.counts().byTable());
            json.put("skipped", report.skipped());
            json.put("next_message_id", report.nextMessageId());
            json.put("next_upload_id", report.nextUploadId());
            out.println(JSON.writeValueAsString(json));
            return;
        }
        out.printf(
                "imported %s (user_version %d%s) into channel '%s':%n",
                file,
                report.sourceVersion(),
                SourceSchema.isNewer(report.sourceVersion()) ? ", a newer ai-agent-channel's, read as it is" : "",
                report.channel());
        report.counts().byTable().forEach((table, rows) -> out.printf("  %-18s %8d rows%n", table, rows));
        report.skipped().forEach((table, why) -> out.printf("  skipped from %s: %s%n", table, why));
        out.printf("next message id %d, next upload id %d%n", report.nextMessageId(), report.nextUploadId());
    }
}
