package dev.switchboard.plugin.workspace;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.Multibinder;

import dev.switchboard.plugin.workspace.adapter.in.tool.CloseWorkspaceTool;
import dev.switchboard.plugin.workspace.adapter.in.tool.DescribeSkillTool;
import dev.switchboard.plugin.workspace.adapter.in.tool.EditFileTool;
import dev.switchboard.plugin.workspace.adapter.in.tool.FindFilesTool;
import dev.switchboard.plugin.workspace.adapter.in.tool.ListDirectoryTool;
import dev.switchboard.plugin.workspace.adapter.in.tool.OpenWorkspaceTool;
import dev.switchboard.plugin.workspace.adapter.in.tool.ReadFileTool;
import dev.switchboard.plugin.workspace.adapter.in.tool.RunCommandTool;
import dev.switchboard.plugin.workspace.adapter.in.tool.SearchTextTool;
import dev.switchboard.plugin.workspace.adapter.in.tool.WriteFileTool;
import dev.switchboard.plugin.workspace.adapter.out.persistence.JooqReceiptStore;
import dev.switchboard.plugin.workspace.adapter.out.persistence.SignalledActivity;
import dev.switchboard.plugin.workspace.application.port.out.ActivitySignal;
import dev.switchboard.plugin.workspace.application.port.out.ReceiptStore;
import dev.switchboard.ports.tool.Tool;

/**
 * Guice bindings of the {@code workspace} plugin, installed in its child injector: its ten tools (rig-bridge v0.1.2's
 * nine execution and workspace tools plus {@code skill_info}, under the original names so that prompts and client
 * allowlists written for it keep working) and the receipt store to its jOOQ repository. Everything else (use cases,
 * the workspace registry, migrations, the life-cycle service and health check) is built from its {@code @Inject} constructor. The kernel's injector supplies {@code SqlStorage},
 * {@code ProcessExecutor} and {@code PluginContext}. Bindings only: nothing here does I/O or reads configuration.
 */
public final class WorkspaceModule extends AbstractModule {

    @Override
    protected void configure() {
        Multibinder<Tool> tools = Multibinder.newSetBinder(binder(), Tool.class);
        tools.addBinding().to(OpenWorkspaceTool.class);
        tools.addBinding().to(CloseWorkspaceTool.class);
        tools.addBinding().to(ReadFileTool.class);
        tools.addBinding().to(ListDirectoryTool.class);
        tools.addBinding().to(FindFilesTool.class);
        tools.addBinding().to(SearchTextTool.class);
        tools.addBinding().to(WriteFileTool.class);
        tools.addBinding().to(EditFileTool.class);
        tools.addBinding().to(RunCommandTool.class);
        tools.addBinding().to(DescribeSkillTool.class);
        bind(ReceiptStore.class).to(JooqReceiptStore.class);
        bind(ActivitySignal.class).to(SignalledActivity.class);
    }
}
