package dev.switchboard.plugin.handoff;

import java.time.Clock;
import java.time.ZoneOffset;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.Multibinder;

import dev.switchboard.plugin.handoff.adapter.in.tool.AdvanceCursorTool;
import dev.switchboard.plugin.handoff.adapter.in.tool.DeliveryStatusTool;
import dev.switchboard.plugin.handoff.adapter.in.tool.ListProjectsTool;
import dev.switchboard.plugin.handoff.adapter.in.tool.ListUpdatesTool;
import dev.switchboard.plugin.handoff.adapter.in.tool.MarkAppliedTool;
import dev.switchboard.plugin.handoff.adapter.in.tool.ProjectStatusTool;
import dev.switchboard.plugin.handoff.adapter.in.tool.PublishHandoffTool;
import dev.switchboard.plugin.handoff.adapter.in.tool.ReadHandoffTool;
import dev.switchboard.plugin.handoff.adapter.in.tool.RegisterProjectTool;
import dev.switchboard.plugin.handoff.adapter.in.tool.RouteHandoffTool;
import dev.switchboard.plugin.handoff.adapter.out.persistence.JdbcOverviewRepository;
import dev.switchboard.plugin.handoff.adapter.out.persistence.JooqAppliedRepository;
import dev.switchboard.plugin.handoff.adapter.out.persistence.JooqCursorRepository;
import dev.switchboard.plugin.handoff.adapter.out.persistence.JooqHandoffRepository;
import dev.switchboard.plugin.handoff.adapter.out.persistence.JooqProjectRepository;
import dev.switchboard.plugin.handoff.adapter.out.persistence.JooqRouteRepository;
import dev.switchboard.plugin.handoff.adapter.out.persistence.JooqUpdatesRepository;
import dev.switchboard.plugin.handoff.application.port.out.AdvanceCursorPort;
import dev.switchboard.plugin.handoff.application.port.out.AppendHandoffPort;
import dev.switchboard.plugin.handoff.application.port.out.FindUpdatesPort;
import dev.switchboard.plugin.handoff.application.port.out.LoadAppliedPort;
import dev.switchboard.plugin.handoff.application.port.out.LoadCursorsPort;
import dev.switchboard.plugin.handoff.application.port.out.LoadHandoffPort;
import dev.switchboard.plugin.handoff.application.port.out.LoadOverviewPort;
import dev.switchboard.plugin.handoff.application.port.out.LoadProjectsPort;
import dev.switchboard.plugin.handoff.application.port.out.LoadRoutesPort;
import dev.switchboard.plugin.handoff.application.port.out.RecordAppliedPort;
import dev.switchboard.plugin.handoff.application.port.out.RegisterProjectPort;
import dev.switchboard.plugin.handoff.application.port.out.SaveRoutesPort;
import dev.switchboard.ports.tool.Tool;

/**
 * Guice bindings of the {@code handoff} plugin, installed in its child injector: the ten Frontispice tools (under
 * their original names, so existing prompts, the Codex librarian skill and client allowlists keep working; there is
 * no delete tool), each outbound port to its jOOQ repository, and the clock (UTC, millisecond ticks). Everything else
 * (use cases, the resource provider, migrations) is built from its {@code @Inject} constructor. The kernel's injector supplies {@code SqlStorage}, {@code SecretScanner} and
 * {@code PluginContext}. Bindings only: nothing here does I/O or reads configuration.
 */
public final class HandoffModule extends AbstractModule {

    @Override
    protected void configure() {
        Multibinder<Tool> tools = Multibinder.newSetBinder(binder(), Tool.class);
        tools.addBinding().to(ListProjectsTool.class);
        tools.addBinding().to(RegisterProjectTool.class);
        tools.addBinding().to(PublishHandoffTool.class);
        tools.addBinding().to(DeliveryStatusTool.class);
        tools.addBinding().to(ListUpdatesTool.class);
        tools.addBinding().to(ReadHandoffTool.class);
        tools.addBinding().to(RouteHandoffTool.class);
        tools.addBinding().to(MarkAppliedTool.class);
        tools.addBinding().to(AdvanceCursorTool.class);
        tools.addBinding().to(ProjectStatusTool.class);
        // Millisecond ticks: times are stored with millisecond precision, so a receipt reads back exactly as issued.
        bind(Clock.class).toInstance(Clock.tickMillis(ZoneOffset.UTC));
        bind(LoadProjectsPort.class).to(JooqProjectRepository.class);
        bind(RegisterProjectPort.class).to(JooqProjectRepository.class);
        bind(AppendHandoffPort.class).to(JooqHandoffRepository.class);
        bind(LoadHandoffPort.class).to(JooqHandoffRepository.class);
        bind(FindUpdatesPort.class).to(JooqUpdatesRepository.class);
        bind(LoadCursorsPort.class).to(JooqCursorRepository.class);
        bind(LoadOverviewPort.class).to(JdbcOverviewRepository.class);
        bind(AdvanceCursorPort.class).to(JooqCursorRepository.class);
        bind(SaveRoutesPort.class).to(JooqRouteRepository.class);
        bind(LoadRoutesPort.class).to(JooqRouteRepository.class);
        bind(RecordAppliedPort.class).to(JooqAppliedRepository.class);
        bind(LoadAppliedPort.class).to(JooqAppliedRepository.class);
    }
}
