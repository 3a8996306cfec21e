package dev.switchboard.kernel.cli;

import java.util.List;

import org.apache.commons.cli.CommandLine;

import dev.switchboard.kernel.plugin.PluginDirectory;

/** {@code switchboard plugins list|enable ID|disable ID}: persistent, effective on the next start. */
final class PluginsCommand implements CliCommand {

    @Override
    public String name() {
        return "plugins";
    }

    @Override
    public String arguments() {
        return "list | enable ID | disable ID";
    }

    @Override
    public String summary() {
        return "List, enable or disable plugins (takes effect on the next start).";
    }

    @Override
    public int run(CommandLine line, Settings settings, Console console) {
        List<String> args = line.getArgList();
        String action = args.isEmpty() ? "" : args.get(0);
        int expected = action.equals("list") ? 1 : 2;
        if (!List.of("list", "enable", "disable").contains(action) || args.size() != expected) {
            throw new UsageException(
                    args.isEmpty()
                            ? "a subcommand is required: list, enable ID or disable ID"
                            : "expected: list, enable ID or disable ID",
                    "");
        }
        PluginDirectory directory = new PluginDirectory(settings.load().kernel().pluginsDir());
        switch (action) {
            case "list" ->
                directory
                        .list()
                        .forEach(e -> console.out()
                                .printf(
                                        "%-24s %-16s %-9s %s%n",
                                        e.id(),
                                        e.version(),
                                        e.enabled() ? "enabled" : "disabled",
                                        e.description() == null ? "" : e.description()));
            case "enable" -> {
                boolean already = directory.enable(args.get(1)).enabled();
                console.out()
                        .println(
                                already
                                        ? args.get(1) + " is already enabled; nothing changed"
                                        : "enabled " + args.get(1) + " (takes effect on the next start)");
            }
            default -> {
                PluginDirectory.Entry disabled = directory.disable(args.get(1));
                console.out()
                        .println(
                                !disabled.enabled()
                                        ? args.get(1) + " is already disabled; nothing changed"
                                        : "disabled " + args.get(1) + " (takes effect on the next start)");
                if (disabled.storage() && disabled.enabled()) {
                    console.err()
                            .println("warning: " + args.get(1) + " provides a storage backend; while it is"
                                    + " disabled, plugins that keep data (such as handoff and workspace) fail to start"
                                    + " unless another started plugin provides the configured kernel.storage");
                    console.err().flush();
                }
            }
        }
        console.out().flush();
        return Cli.OK;
    }
}
