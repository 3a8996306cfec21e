package dev.switchboard.kernel.testplugins.greeter;

import java.util.List;

import org.pf4j.Extension;

import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.cli.SubcommandCall;

/**
 * {@code switchboard greeter hello loudly}: a subcommand under another one's path, so {@code greeter hello --help}
 * has commands to list after its usage. Not in the greeter's extension index unless a test adds it.
 */
@Extension
public final class GreetLoudlyCommand implements Subcommand {

    @Override
    public List<String> path() {
        return List.of("greeter", "hello", "loudly");
    }

    @Override
    public String arguments() {
        return "";
    }

    @Override
    public String summary() {
        return "Greets the world loudly.";
    }

    @Override
    public int run(SubcommandCall call) {
        call.out().println("HELLO WORLD");
        return DONE;
    }
}
