package dev.switchboard.kernel.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import dev.switchboard.kernel.plugin.PluginDirectory;

/** {@code switchboard plugins list|enable ID|disable ID}: persistent, effective on the next start. */
@Command(name = "plugins", mixinStandardHelpOptions = true,
        description = "List, enable or disable plugins (takes effect on the next start).",
        subcommands = {PluginsCommand.ListPlugins.class, PluginsCommand.Enable.class, PluginsCommand.Disable.class})
final class PluginsCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
    }

    private static PluginDirectory directory(ConfigOptions options) {
        return new PluginDirectory(options.load().kernel().pluginsDir());
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List installed plugins.")
    static final class ListPlugins implements Callable<Integer> {
        @Mixin
        ConfigOptions options;
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            for (PluginDirectory.Entry e : directory(options).list()) {
                spec.commandLine().getOut().printf("%-24s %-16s %-9s %s%n", e.id(), e.version(),
                        e.enabled() ? "enabled" : "disabled", e.description() == null ? "" : e.description());
            }
            spec.commandLine().getOut().flush();
            return 0;
        }
    }

    @Command(name = "enable", mixinStandardHelpOptions = true, description = "Enable a plugin.")
    static final class Enable implements Callable<Integer> {
        @Mixin
        ConfigOptions options;
        @Parameters(paramLabel = "ID", description = "The plugin id.")
        String id;
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            directory(options).enable(id);
            spec.commandLine().getOut().println("enabled " + id + " (takes effect on the next start)");
            spec.commandLine().getOut().flush();
            return 0;
        }
    }

    @Command(name = "disable", mixinStandardHelpOptions = true, description = "Disable a plugin.")
    static final class Disable implements Callable<Integer> {
        @Mixin
        ConfigOptions options;
        @Parameters(paramLabel = "ID", description = "The plugin id.")
        String id;
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            directory(options).disable(id);
            spec.commandLine().getOut().println("disabled " + id + " (takes effect on the next start)");
            spec.commandLine().getOut().flush();
            return 0;
        }
    }
}
