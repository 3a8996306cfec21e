package dev.switchboard.kernel.testplugins.greeter;

import java.util.List;

import org.pf4j.Extension;

import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.cli.SubcommandCall;

/**
 * {@code switchboard greeter whisper}: a subcommand whose usage and setup errors exit 0, as a hook's must (its client
 * reads 2 as "block"). Not in the greeter's extension index unless a test adds it.
 */
@Extension
public final class GreetQuietlyCommand implements Subcommand {

    @Override
    public List<String> path() {
        return List.of("greeter", "whisper");
    }

    @Override
    public String arguments() {
        return "";
    }

    @Override
    public String summary() {
        return "Greets the world quietly; never fails its caller.";
    }

    @Override
    public int usageStatus() {
        return DONE;
    }

    @Override
    public int run(SubcommandCall call) {
        call.out().println("hello world");
        return DONE;
    }
}
