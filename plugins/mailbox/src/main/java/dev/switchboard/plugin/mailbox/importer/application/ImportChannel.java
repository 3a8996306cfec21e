package dev.switchboard.plugin.mailbox.importer.application;

import java.nio.file.Path;
import java.time.Clock;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Channels;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.domain.Timestamps;
import dev.switchboard.plugin.mailbox.importer.application.port.out.ImportStore;
import dev.switchboard.plugin.mailbox.importer.application.port.out.SourceReader;
import dev.switchboard.plugin.mailbox.importer.domain.ImportPlan;
import dev.switchboard.plugin.mailbox.importer.domain.SourceChannel;
import dev.switchboard.plugin.mailbox.importer.domain.SourceSchema;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * Imports an ai-agent-channel channel database into a channel of the store: every message (ids, timestamps, debt and
 * work state, tombstones), its deliveries and read state, blockers, acknowledgements, the audit trail, every pin
 * version and every upload, in one transaction, so a refused or failed import writes nothing (but the channel's
 * empty row, created on first use as any tool call would). The text is the user's own history and is not run through
 * the secret guardrail. Thread-safe.
 */
@Singleton
public final class ImportChannel {

    private final SourceReader reader;
    private final ImportStore store;
    private final Channels channels;
    private final Transactions transactions;
    private final Clock clock;

    @Inject
    ImportChannel(SourceReader reader, ImportStore store, Channels channels, Transactions transactions, Clock clock) {
        this.reader = reader;
        this.store = store;
        this.channels = channels;
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * @param file    the ai-agent-channel database ({@code messages.db})
     * @param channel the target channel's name (a slug; created when missing)
     * @return what was written; or INVALID_ARGUMENTS when the file is not a channel database;
     *         CONFLICT when it holds columns (or, from a newer build, tables) this import does not know, naming its
     *         {@code user_version}, when a row's value cannot be held, when the channel is hosted (or deleted), or when it is not empty; UNAVAILABLE
     *         when the store stays busy. Nothing is written on a refusal
     * @throws dev.switchboard.plugin.mailbox.importer.application.port.out.UnreadableSourceException if the file
     *         cannot be read
     */
    public Outcome<ImportReport> run(Path file, String channel) {
        SourceChannel source = reader.read(file);
        java.util.Optional<Refusal> verdict = SourceSchema.verdict(source.shape());
        if (verdict.isPresent()) {
            return verdict.get().outcome();
        }
        ImportPlan.Outcome planned = ImportPlan.of(source);
        if (planned.problem() != null) {
            return planned.problem().outcome();
        }
        ImportPlan plan = planned.plan();
        long channelId = channels.ensure(channel, Timestamps.format(clock.instant()));
        if (channels.hosted(channelId)) {
            return Outcome.refused(Refusal.conflict("channel '" + channel + "' is a hosted channel (or a deleted"
                    + " one), whose roles act with their role tokens; nothing was imported. Import only into a local"
                    + " channel: --channel NAME with a name no hosted channel has"));
        }
        return transactions.write(channelId, tx -> {
            if (!store.isEmpty(tx)) {
                return Outcome.refused(Refusal.conflict("channel '" + channel + "' already holds messages, pins or"
                        + " uploads, and an import keeps the file's ids, so it goes only into an empty channel;"
                        + " nothing was imported. Import into a new channel (--channel NAME) and point the sessions"
                        + " at it (plugins.mailbox.channel)"));
            }
            return Outcome.done(new ImportReport(
                    channel,
                    source.shape().userVersion(),
                    store.write(tx, plan),
                    plan.skipped(),
                    source.highestMessageId() + 1,
                    source.highestUploadId() + 1));
        });
    }
}
