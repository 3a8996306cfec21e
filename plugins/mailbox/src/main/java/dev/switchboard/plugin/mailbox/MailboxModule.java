package dev.switchboard.plugin.mailbox;

import java.time.Clock;
import java.time.ZoneOffset;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.Multibinder;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqChannels;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqReceipts;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqRoleStates;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTransactions;
import dev.switchboard.plugin.mailbox.channel.application.Environment;
import dev.switchboard.plugin.mailbox.channel.application.MailboxSettingKeys;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Channels;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Receipts;
import dev.switchboard.plugin.mailbox.channel.application.port.out.RoleStates;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.cleanup.adapter.in.tool.BackfillSupersededTool;
import dev.switchboard.plugin.mailbox.cleanup.adapter.in.tool.UndoBackfillTool;
import dev.switchboard.plugin.mailbox.cleanup.adapter.out.persistence.JooqCleanupStore;
import dev.switchboard.plugin.mailbox.cleanup.application.port.out.CleanupStore;
import dev.switchboard.plugin.mailbox.decision.adapter.in.tool.AcknowledgeTool;
import dev.switchboard.plugin.mailbox.decision.adapter.in.tool.AwaitingAckTool;
import dev.switchboard.plugin.mailbox.decision.adapter.in.tool.GetAcknowledgementsTool;
import dev.switchboard.plugin.mailbox.decision.adapter.out.persistence.JooqRoundStore;
import dev.switchboard.plugin.mailbox.decision.adapter.out.persistence.JooqVoteStore;
import dev.switchboard.plugin.mailbox.decision.application.ElectorateTally;
import dev.switchboard.plugin.mailbox.decision.application.port.out.RoundStore;
import dev.switchboard.plugin.mailbox.decision.application.port.out.VoteStore;
import dev.switchboard.plugin.mailbox.hook.adapter.out.file.SleeperPidFile;
import dev.switchboard.plugin.mailbox.hook.adapter.out.persistence.RecordedSchema;
import dev.switchboard.plugin.mailbox.hook.application.CountsLookup;
import dev.switchboard.plugin.mailbox.hook.application.HookSettings;
import dev.switchboard.plugin.mailbox.hook.application.LocalPins;
import dev.switchboard.plugin.mailbox.hook.application.ResolvedLocalCounts;
import dev.switchboard.plugin.mailbox.hook.application.StopHook;
import dev.switchboard.plugin.mailbox.hook.application.port.out.LocalCounts;
import dev.switchboard.plugin.mailbox.hook.application.port.out.LocalPinList;
import dev.switchboard.plugin.mailbox.hook.application.port.out.MailboxSchema;
import dev.switchboard.plugin.mailbox.hook.application.port.out.SleeperSlots;
import dev.switchboard.plugin.mailbox.hook.application.port.out.SnapshotStore;
import dev.switchboard.plugin.mailbox.hosted.adapter.in.tool.AddRoleTool;
import dev.switchboard.plugin.mailbox.hosted.adapter.in.tool.BoardLinkTool;
import dev.switchboard.plugin.mailbox.hosted.adapter.in.tool.CreateChannelTool;
import dev.switchboard.plugin.mailbox.hosted.adapter.in.tool.DeleteChannelTool;
import dev.switchboard.plugin.mailbox.hosted.adapter.in.tool.ListAuditEventsTool;
import dev.switchboard.plugin.mailbox.hosted.adapter.in.tool.ListChannelsTool;
import dev.switchboard.plugin.mailbox.hosted.adapter.in.tool.RevokeBoardAccessTool;
import dev.switchboard.plugin.mailbox.hosted.adapter.in.tool.RotateTokenTool;
import dev.switchboard.plugin.mailbox.hosted.adapter.out.persistence.JooqRegistry;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.Registry;
import dev.switchboard.plugin.mailbox.importer.adapter.out.persistence.JooqImportStore;
import dev.switchboard.plugin.mailbox.importer.adapter.out.persistence.SqliteSourceReader;
import dev.switchboard.plugin.mailbox.importer.application.port.out.ImportStore;
import dev.switchboard.plugin.mailbox.importer.application.port.out.SourceReader;
import dev.switchboard.plugin.mailbox.message.adapter.in.tool.DeleteMessageTool;
import dev.switchboard.plugin.mailbox.message.adapter.in.tool.GetThreadTool;
import dev.switchboard.plugin.mailbox.message.adapter.in.tool.ListMessagesTool;
import dev.switchboard.plugin.mailbox.message.adapter.in.tool.MarkReadTool;
import dev.switchboard.plugin.mailbox.message.adapter.in.tool.MessageHistoryTool;
import dev.switchboard.plugin.mailbox.message.adapter.in.tool.ReadInboxTool;
import dev.switchboard.plugin.mailbox.message.adapter.in.tool.ReviseMessageTool;
import dev.switchboard.plugin.mailbox.message.adapter.in.tool.SendMessageTool;
import dev.switchboard.plugin.mailbox.message.adapter.out.persistence.JooqEventLog;
import dev.switchboard.plugin.mailbox.message.adapter.out.persistence.JooqMessageStore;
import dev.switchboard.plugin.mailbox.message.application.ProposalTally;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.orientation.adapter.in.tool.GetChannelStatusTool;
import dev.switchboard.plugin.mailbox.orientation.adapter.in.tool.GetCharterTemplateTool;
import dev.switchboard.plugin.mailbox.orientation.adapter.in.tool.GetProtocolTool;
import dev.switchboard.plugin.mailbox.orientation.adapter.in.tool.GetServerBuildTool;
import dev.switchboard.plugin.mailbox.orientation.adapter.in.tool.ListRolesTool;
import dev.switchboard.plugin.mailbox.orientation.adapter.out.persistence.JdbcStatusStore;
import dev.switchboard.plugin.mailbox.orientation.application.port.out.StatusStore;
import dev.switchboard.plugin.mailbox.pin.adapter.in.tool.GetPinTool;
import dev.switchboard.plugin.mailbox.pin.adapter.in.tool.ListPinHistoryTool;
import dev.switchboard.plugin.mailbox.pin.adapter.in.tool.ListPinsTool;
import dev.switchboard.plugin.mailbox.pin.adapter.in.tool.SetPinTool;
import dev.switchboard.plugin.mailbox.pin.adapter.out.persistence.JooqPinStore;
import dev.switchboard.plugin.mailbox.pin.application.port.out.PinStore;
import dev.switchboard.plugin.mailbox.search.adapter.in.tool.SearchMessagesTool;
import dev.switchboard.plugin.mailbox.search.adapter.out.persistence.JooqMessageSearch;
import dev.switchboard.plugin.mailbox.search.application.port.out.MessageSearch;
import dev.switchboard.plugin.mailbox.upload.adapter.in.tool.GetContentTool;
import dev.switchboard.plugin.mailbox.upload.adapter.in.tool.SealContentTool;
import dev.switchboard.plugin.mailbox.upload.adapter.in.tool.UploadContentTool;
import dev.switchboard.plugin.mailbox.upload.adapter.out.persistence.JooqUploadStore;
import dev.switchboard.plugin.mailbox.upload.application.port.out.UploadStore;
import dev.switchboard.plugin.mailbox.wait.adapter.in.tool.WaitForMailTool;
import dev.switchboard.plugin.mailbox.wait.adapter.in.tool.WaitForReplyTool;
import dev.switchboard.plugin.mailbox.wait.adapter.out.persistence.JooqReplyFinder;
import dev.switchboard.plugin.mailbox.wait.application.port.out.ReplyFinder;
import dev.switchboard.plugin.mailbox.work.adapter.in.tool.ConfirmResolutionTool;
import dev.switchboard.plugin.mailbox.work.adapter.in.tool.ListObligationsTool;
import dev.switchboard.plugin.mailbox.work.adapter.in.tool.ListReadyWorkTool;
import dev.switchboard.plugin.mailbox.work.adapter.in.tool.ReopenMessageTool;
import dev.switchboard.plugin.mailbox.work.adapter.in.tool.ResolveMessageTool;
import dev.switchboard.plugin.mailbox.work.adapter.in.tool.SetWorkStatusTool;
import dev.switchboard.plugin.mailbox.work.adapter.out.persistence.JooqWorkStore;
import dev.switchboard.plugin.mailbox.work.application.port.out.WorkStore;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.secrets.SecretGuard;
import dev.switchboard.ports.secrets.SecretScanner;
import dev.switchboard.ports.tool.Tool;

/**
 * Guice bindings of the {@code mailbox} plugin, installed in its child injector: the channel tools and the hosted
 * channels' management tools under ai-agent-channel's names (so existing prompts, hooks and client allowlists keep working), one binding line each,
 * each outbound port to its jOOQ adapter, the clock (UTC, millisecond ticks) and the process environment (for the
 * {@code AI_AGENT_CHANNEL_ROLE} alias). The kernel's injector supplies {@code SqlStorage}, {@code ChangeSignals},
 * {@code SecretScanner} and {@code PluginContext}. Bindings only: nothing here does I/O or reads configuration, and
 * no channel tool is built before its first call (their base classes are {@code @BuiltOnFirstCall}: the kernel lists
 * each from its class's descriptor constant to the {@code ChannelAudience}).
 */
public final class MailboxModule extends AbstractModule {

    @Override
    protected void configure() {
        Multibinder<Tool> tools = Multibinder.newSetBinder(binder(), Tool.class);
        // message (core)
        tools.addBinding().to(SendMessageTool.class);
        tools.addBinding().to(ReadInboxTool.class);
        tools.addBinding().to(MarkReadTool.class);
        tools.addBinding().to(ListMessagesTool.class);
        tools.addBinding().to(GetThreadTool.class);
        tools.addBinding().to(DeleteMessageTool.class);
        tools.addBinding().to(ReviseMessageTool.class);
        tools.addBinding().to(MessageHistoryTool.class);
        // decision, pin, upload, cleanup
        tools.addBinding().to(AcknowledgeTool.class);
        tools.addBinding().to(GetAcknowledgementsTool.class);
        tools.addBinding().to(AwaitingAckTool.class);
        tools.addBinding().to(SetPinTool.class);
        tools.addBinding().to(GetPinTool.class);
        tools.addBinding().to(ListPinsTool.class);
        tools.addBinding().to(ListPinHistoryTool.class);
        tools.addBinding().to(UploadContentTool.class);
        tools.addBinding().to(SealContentTool.class);
        tools.addBinding().to(GetContentTool.class);
        tools.addBinding().to(BackfillSupersededTool.class);
        tools.addBinding().to(UndoBackfillTool.class);
        // search
        tools.addBinding().to(SearchMessagesTool.class);

        // channel core
        bind(Clock.class).toInstance(Clock.tickMillis(ZoneOffset.UTC));
        bind(Environment.class).toInstance(Environment.system());
        bind(Transactions.class).to(JooqTransactions.class);
        bind(Channels.class).to(JooqChannels.class);
        bind(RoleStates.class).to(JooqRoleStates.class);
        bind(Receipts.class).to(JooqReceipts.class);
        // message (core); ProposalTally is the decision capability's electorate-aware tally
        bind(MessageStore.class).to(JooqMessageStore.class);
        bind(EventLog.class).to(JooqEventLog.class);
        // work
        tools.addBinding().to(ListObligationsTool.class);
        tools.addBinding().to(ListReadyWorkTool.class);
        tools.addBinding().to(ResolveMessageTool.class);
        tools.addBinding().to(ConfirmResolutionTool.class);
        tools.addBinding().to(ReopenMessageTool.class);
        tools.addBinding().to(SetWorkStatusTool.class);
        bind(WorkStore.class).to(JooqWorkStore.class);
        // orientation
        tools.addBinding().to(GetChannelStatusTool.class);
        tools.addBinding().to(ListRolesTool.class);
        tools.addBinding().to(GetServerBuildTool.class);
        tools.addBinding().to(GetProtocolTool.class);
        tools.addBinding().to(GetCharterTemplateTool.class);
        bind(StatusStore.class).to(JdbcStatusStore.class);
        // wait
        tools.addBinding().to(WaitForReplyTool.class);
        tools.addBinding().to(WaitForMailTool.class);
        bind(ReplyFinder.class).to(JooqReplyFinder.class);
        // decision, pin, upload, cleanup
        bind(ProposalTally.class).to(ElectorateTally.class);
        bind(VoteStore.class).to(JooqVoteStore.class);
        bind(RoundStore.class).to(JooqRoundStore.class);
        bind(PinStore.class).to(JooqPinStore.class);
        bind(UploadStore.class).to(JooqUploadStore.class);
        bind(CleanupStore.class).to(JooqCleanupStore.class);
        // search
        bind(MessageSearch.class).to(JooqMessageSearch.class);
        // hosted channels: the owner's management tools (built at start: listed to the owner only, ADR 20), the
        // registry (the credential resolver is an extension)
        tools.addBinding().to(CreateChannelTool.class);
        tools.addBinding().to(ListChannelsTool.class);
        tools.addBinding().to(AddRoleTool.class);
        tools.addBinding().to(RotateTokenTool.class);
        tools.addBinding().to(BoardLinkTool.class);
        tools.addBinding().to(RevokeBoardAccessTool.class);
        tools.addBinding().to(DeleteChannelTool.class);
        tools.addBinding().to(ListAuditEventsTool.class);
        bind(Registry.class).to(JooqRegistry.class);
        // importer (switchboard mailbox import: a Subcommand extension, no tool)
        bind(SourceReader.class).to(SqliteSourceReader.class);
        bind(ImportStore.class).to(JooqImportStore.class);
        // hooks and status CLI (switchboard hook / status: Subcommand extensions; /hook-status: an HttpEndpoint)
        // (CountsLookup, StopHook and the snapshots: HookServices, below, as the direct path builds them)
        bind(LocalCounts.class).to(ResolvedLocalCounts.class);
        bind(LocalPinList.class).to(LocalPins.class);
        bind(MailboxSchema.class).to(RecordedSchema.class);
        bind(SleeperSlots.class).to(SleeperPidFile.class);
    }

    /** The hooks' counts lookup, wired by {@link HookServices} as on the direct path; one per injector. */
    @Provides
    @Singleton
    CountsLookup countsLookup(HookSettings settings, LocalCounts local) {
        return HookServices.countsLookup(settings, local);
    }

    /** The Stop hook's use case, wired by {@link HookServices}; one per injector. */
    @Provides
    @Singleton
    StopHook stopHook(HookSettings settings, CountsLookup lookup) {
        return HookServices.stopHook(settings, lookup);
    }

    /** Where the hooks keep a session's last counts, chosen by {@link HookServices}. */
    @Provides
    SnapshotStore snapshots(HookSettings settings) {
        return HookServices.snapshots(settings);
    }

    /**
     * @return the secret guardrail of every write peers read, overridable when {@code plugins.mailbox.allow-sensitive}
     *     is true
     */
    @Provides
    @Singleton
    SecretGuard secretGuard(SecretScanner scanner, PluginContext context) {
        return new SecretGuard(
                scanner,
                "plugins.mailbox." + MailboxSettingKeys.ALLOW_SENSITIVE,
                context.settings().flag(MailboxSettingKeys.ALLOW_SENSITIVE, false));
    }
}
