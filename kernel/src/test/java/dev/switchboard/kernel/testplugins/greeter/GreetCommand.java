package dev.switchboard.kernel.testplugins.greeter;

import java.util.List;

import org.pf4j.Extension;

import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.cli.SubcommandCall;
import dev.switchboard.ports.cli.SubcommandOption;
import dev.switchboard.ports.cli.SubcommandUsageException;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.SqlStorage;

/**
 * {@code switchboard greeter hello NAME [--times N] [--shout]}: prints a greeting with what it found started (the
 * storage's dialect, the greeter's applied migration). {@code refuse} answers {@link #REFUSED}, {@code boom} throws, {@code where} prints the location options it was given.
 */
@Extension
public final class GreetCommand implements Subcommand {

    @Override
    public List<String> path() {
        return List.of("greeter", "hello");
    }

    @Override
    public String arguments() {
        return "NAME";
    }

    @Override
    public String summary() {
        return "Greets NAME from the command line.";
    }

    @Override
    public List<SubcommandOption> options() {
        return List.of(
                SubcommandOption.withValue("times", "N", "How many greetings."),
                SubcommandOption.flag("shout", "In capitals."));
    }

    @Override
    public void checkUsage(SubcommandCall call) {
        if (call.arguments().size() != 1) {
            throw new SubcommandUsageException("expected one NAME, got " + call.arguments());
        }
    }

    /**
     * NAME {@code reader} asks for the storage-only start (a read-only command), {@code guest} for the plugin's on an
     * existing store only; any other, the plugin's.
     */
    @Override
    public Start start(SubcommandCall call) {
        return switch (call.arguments().get(0)) {
            case "reader" -> Start.STORAGE;
            case "guest" -> Start.PLUGIN_ON_EXISTING_STORE;
            default -> Start.PLUGIN;
        };
    }

    @Override
    public String footer() {
        return "Exit 3 for NAME refuse.";
    }

    @Override
    public int run(SubcommandCall call) {
        if (call.arguments().get(0).equals("late")) {
            throw new SubcommandUsageException("late is found wrong only after the start");
        }
        String name = call.arguments().get(0);
        if (name.equals("refuse")) {
            call.err().println("refused: no greeting for refuse");
            return REFUSED;
        }
        if (name.equals("where")) {
            call.out().println("locations=" + String.join(" ", call.locationArguments()));
            return DONE;
        }
        if (name.equals("boom")) {
            throw new IllegalStateException("the greeter broke");
        }
        int times = Integer.parseInt(call.option("times").orElse("1"));
        String text = "Hello " + name;
        for (int i = 0; i < times; i++) {
            call.out().println(call.flag("shout") ? text.toUpperCase(java.util.Locale.ROOT) : text);
        }
        call.out()
                .println("plugin=" + call.service(PluginContext.class).pluginId() + " storage="
                        + call.service(SqlStorage.class).dialect() + " migrated="
                        + System.getProperty("memstore.greeter"));
        return DONE;
    }
}
