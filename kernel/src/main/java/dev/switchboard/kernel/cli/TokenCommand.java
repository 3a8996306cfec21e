package dev.switchboard.kernel.cli;

import java.nio.file.Path;
import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import dev.switchboard.kernel.auth.OwnerTokenFile;

/**
 * {@code switchboard token show-path|rotate}: prints where the owner token file is, or replaces the token in it
 * (atomically, owner-only). Never prints the token itself. A running server keeps the token it read at start-up.
 */
final class TokenCommand implements CliCommand {

    @Override
    public String name() {
        return "token";
    }

    @Override
    public String arguments() {
        return "show-path | rotate";
    }

    @Override
    public String summary() {
        return "Show where the owner token file is, or rotate the owner token (never prints the token).";
    }

    @Override
    public Options options() {
        return new Options()
                .addOption(Option.builder()
                        .longOpt("token-file")
                        .hasArg()
                        .argName("FILE")
                        .desc(
                                "The token file to use instead of kernel.auth.token-file (default <state-dir>/owner.token).")
                        .get());
    }

    @Override
    public int run(CommandLine line, Settings settings, Console console) {
        List<String> args = line.getArgList();
        if (args.size() != 1 || !List.of("show-path", "rotate").contains(args.get(0))) {
            throw new UsageException(
                    args.isEmpty() ? "a subcommand is required: show-path or rotate" : "expected: show-path or rotate",
                    "");
        }
        Path path = line.hasOption("token-file")
                ? Path.of(line.getOptionValue("token-file"))
                : settings.load().kernel().auth().tokenFile();
        OwnerTokenFile file = new OwnerTokenFile(path);
        if (args.get(0).equals("show-path")) {
            console.out().println(file.path());
        } else {
            file.rotate();
            console.out()
                    .println("wrote a new owner token to " + file.path() + " (owner-only). A server running on "
                            + "this file refuses the old token from its next request on; give clients the new token "
                            + "from that file (other nodes: copy the file to them).");
        }
        console.out().flush();
        return Cli.OK;
    }
}
