package dev.switchboard.plugin.mailbox;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.cli.SubcommandCall;
import dev.switchboard.ports.cli.SubcommandUsageException;

/**
 * One run of a mailbox subcommand on a harness's store, as the kernel runs it: {@code checkUsage}, then {@code run}
 * with the plugin's services, standard input given; a usage error answers the command's {@code usageStatus()}.
 *
 * @param status the exit status
 * @param out    standard output
 * @param err    standard error
 */
public record CommandRun(int status, String out, String err) {

    /** The kernel's common location options, handed over as {@code locationArguments()} (given absolute here). */
    private static final Set<String> LOCATIONS = Set.of("--home", "--config", "--state-dir");

    public static CommandRun of(MailboxHarness mailbox, Subcommand command, String stdin, String... commandLine) {
        List<String> arguments = new ArrayList<>();
        Map<String, String> options = new HashMap<>();
        Set<String> flags = new HashSet<>();
        List<String> locations = new ArrayList<>();
        for (int i = 0; i < commandLine.length; i++) {
            String word = commandLine[i];
            if (LOCATIONS.contains(word)) {
                locations.add(word);
                locations.add(commandLine[++i]);
            } else if (word.startsWith("--")) {
                String name = word.substring(2);
                boolean isFlag =
                        command.options().stream().anyMatch(o -> o.name().equals(name) && !o.hasValue());
                if (isFlag) {
                    flags.add(name);
                } else {
                    options.put(name, commandLine[++i]);
                }
            } else {
                arguments.add(word);
            }
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintWriter outWriter = new PrintWriter(out, true);
        PrintWriter errWriter = new PrintWriter(err, true);
        InputStream in = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
        SubcommandCall call = new SubcommandCall() {
            @Override
            public List<String> arguments() {
                return arguments;
            }

            @Override
            public Optional<String> option(String name) {
                return Optional.ofNullable(options.get(name));
            }

            @Override
            public boolean flag(String name) {
                return flags.contains(name);
            }

            @Override
            public List<String> locationArguments() {
                return locations;
            }

            @Override
            public PrintWriter out() {
                return outWriter;
            }

            @Override
            public PrintWriter err() {
                return errWriter;
            }

            @Override
            public InputStream in() {
                return in;
            }

            @Override
            public <T> T service(Class<T> type) {
                return mailbox.injector().getInstance(type);
            }
        };
        int status;
        try {
            command.checkUsage(call);
            status = command.run(call);
        } catch (SubcommandUsageException e) {
            errWriter.println("switchboard: " + e.getMessage());
            status = command.usageStatus();
        }
        outWriter.flush();
        errWriter.flush();
        return new CommandRun(status, out.toString(), err.toString());
    }
}
