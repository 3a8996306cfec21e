package dev.switchboard.plugin.mailbox;

import java.time.Clock;
import java.time.ZoneOffset;
import java.util.function.Supplier;

import com.google.inject.AbstractModule;
import com.google.inject.Injector;
import com.google.inject.Provider;
import com.google.inject.Provides;
import com.google.inject.Scopes;
import com.google.inject.Singleton;
import com.google.inject.multibindings.Multibinder;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.DeferredTool;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqChannels;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqReceipts;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqRoleStates;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTransactions;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
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
import dev.switchboard.ports.tool.ToolDescriptor;

/**
 * Guice bindings of the {@code mailbox} plugin, installed in its child injector: the channel tools and the hosted
 * channels' management tools under ai-agent-channel's names (so existing prompts, hooks and client allowlists keep working), one binding line each,
 * each outbound port to its jOOQ adapter, the clock (UTC, millisecond ticks) and the process environment (for the
 * {@code AI_AGENT_CHANNEL_ROLE} alias). The kernel's injector supplies {@code SqlStorage}, {@code ChangeSignals},
 * {@code SecretScanner} and {@code PluginContext}. Bindings only: nothing here does I/O or reads configuration, and
 * no tool is built before its first call (each is a {@link DeferredTool} of its class's descriptor).
 */
public final class MailboxModule extends AbstractModule {

    @Override
    protected void configure() {
        DeferredTools tools = new DeferredTools(
                Multibinder.newSetBinder(binder(), Tool.class),
                getProvider(Injector.class),
                getProvider(CallerResolver.class));
        // message (core)
        tools.add(SendMessageTool.class, () -> SendMessageTool.DESCRIPTOR);
        tools.add(ReadInboxTool.class, () -> ReadInboxTool.DESCRIPTOR);
        tools.add(MarkReadTool.class, () -> MarkReadTool.DESCRIPTOR);
        tools.add(ListMessagesTool.class, () -> ListMessagesTool.DESCRIPTOR);
        tools.add(GetThreadTool.class, () -> GetThreadTool.DESCRIPTOR);
        tools.add(DeleteMessageTool.class, () -> DeleteMessageTool.DESCRIPTOR);
        tools.add(ReviseMessageTool.class, () -> ReviseMessageTool.DESCRIPTOR);
        tools.add(MessageHistoryTool.class, () -> MessageHistoryTool.DESCRIPTOR);
        // decision, pin, upload, cleanup
        tools.add(AcknowledgeTool.class, () -> AcknowledgeTool.DESCRIPTOR);
        tools.add(GetAcknowledgementsTool.class, () -> GetAcknowledgementsTool.DESCRIPTOR);
        tools.add(AwaitingAckTool.class, () -> AwaitingAckTool.DESCRIPTOR);
        tools.add(SetPinTool.class, () -> SetPinTool.DESCRIPTOR);
        tools.add(GetPinTool.class, () -> GetPinTool.DESCRIPTOR);
        tools.add(ListPinsTool.class, () -> ListPinsTool.DESCRIPTOR);
        tools.add(ListPinHistoryTool.class, () -> ListPinHistoryTool.DESCRIPTOR);
        tools.add(UploadContentTool.class, () -> UploadContentTool.DESCRIPTOR);
        tools.add(SealContentTool.class, () -> SealContentTool.DESCRIPTOR);
        tools.add(GetContentTool.class, () -> GetContentTool.DESCRIPTOR);
        tools.add(BackfillSupersededTool.class, () -> BackfillSupersededTool.DESCRIPTOR);
        tools.add(UndoBackfillTool.class, () -> UndoBackfillTool.DESCRIPTOR);
        // search
        tools.add(SearchMessagesTool.class, () -> SearchMessagesTool.DESCRIPTOR);

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
        tools.add(ListObligationsTool.class, () -> ListObligationsTool.DESCRIPTOR);
        tools.add(ListReadyWorkTool.class, () -> ListReadyWorkTool.DESCRIPTOR);
        tools.add(ResolveMessageTool.class, () -> ResolveMessageTool.DESCRIPTOR);
        tools.add(ConfirmResolutionTool.class, () -> ConfirmResolutionTool.DESCRIPTOR);
        tools.add(ReopenMessageTool.class, () -> ReopenMessageTool.DESCRIPTOR);
        tools.add(SetWorkStatusTool.class, () -> SetWorkStatusTool.DESCRIPTOR);
        bind(WorkStore.class).to(JooqWorkStore.class);
        // orientation
        tools.add(GetChannelStatusTool.class, () -> GetChannelStatusTool.DESCRIPTOR);
        tools.add(ListRolesTool.class, () -> ListRolesTool.DESCRIPTOR);
        tools.add(GetServerBuildTool.class, () -> GetServerBuildTool.DESCRIPTOR);
        tools.add(GetProtocolTool.class, () -> GetProtocolTool.DESCRIPTOR);
        tools.add(GetCharterTemplateTool.class, () -> GetCharterTemplateTool.DESCRIPTOR);
        bind(StatusStore.class).to(JdbcStatusStore.class);
        // wait
        tools.add(WaitForReplyTool.class, () -> WaitForReplyTool.DESCRIPTOR);
        tools.add(WaitForMailTool.class, () -> WaitForMailTool.DESCRIPTOR);
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
        // hosted channels: the owner's management tools, the registry (the credential resolver is an extension)
        tools.addBuiltAtStart(CreateChannelTool.class);
        tools.addBuiltAtStart(ListChannelsTool.class);
        tools.addBuiltAtStart(AddRoleTool.class);
        tools.addBuiltAtStart(RotateTokenTool.class);
        tools.addBuiltAtStart(BoardLinkTool.class);
        tools.addBuiltAtStart(RevokeBoardAccessTool.class);
        tools.addBuiltAtStart(DeleteChannelTool.class);
        tools.addBuiltAtStart(ListAuditEventsTool.class);
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

    /**
     * The tool set's bindings: each tool is a {@link DeferredTool}, listed from its descriptor at start and built by
     * this plugin's injector on its first call, so creating the injector resolves no use case or store of any tool
     * (docs/performance.md, "Cold start with and without the mailbox plugin").
     */
    private record DeferredTools(Multibinder<Tool> set, Provider<Injector> injector, Provider<CallerResolver> callers) {

        /**
         * @param descriptor the tool class's descriptor, read when the set is first resolved (phase two): naming the
         *                   field here would initialise the tool class and build its schema while the injector is
         *                   made, which a command that never lists tools (a hook) would pay for
         */
        void add(Class<? extends Tool> type, Supplier<ToolDescriptor> descriptor) {
            Provider<Tool> deferred = () -> new DeferredTool(
                    descriptor.get(), callers.get(), () -> injector.get().getInstance(type));
            set.addBinding().toProvider(deferred).in(Scopes.SINGLETON);
        }

        /**
         * Binds a tool built when the plugin starts: the hosted management tools, listed to the owner only
         * ({@link dev.switchboard.ports.tool.Tool#listedFor}'s default), which a {@link DeferredTool} cannot be.
         */
        void addBuiltAtStart(Class<? extends Tool> type) {
            set.addBinding().to(type);
        }
    }
}
