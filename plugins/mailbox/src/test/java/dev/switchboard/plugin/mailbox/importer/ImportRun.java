package dev.switchboard.plugin.mailbox.importer;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.importer.adapter.in.cli.MailboxImportCommand;
import dev.switchboard.ports.cli.SubcommandCall;

/**
 * One run of {@code mailbox import} on a harness's store: the command line split as the kernel splits it (positional
 * arguments, {@code --name VALUE} options, flags), the plugin's services from the harness's injector, and what it
 * printed.
 *
 * @param status the exit status
 * @param out    standard output
 * @param err    standard error
 */
record ImportRun(int status, String out, String err) {

    static ImportRun of(MailboxHarness mailbox, String... commandLine) {
        List<String> arguments = new ArrayList<>();
        Map<String, String> options = new HashMap<>();
        Set<String> flags = new HashSet<>();
        for (int i = 0; i < commandLine.length; i++) {
            if (commandLine[i].equals("--json")) {
                flags.add("json");
            } else if (commandLine[i].startsWith("--")) {
                options.put(commandLine[i].substring(2), commandLine[++i]);
            } else {
                arguments.add(commandLine[i]);
            }
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintWriter outWriter = new PrintWriter(out, true);
        PrintWriter errWriter = new PrintWriter(err, true);
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
            public PrintWriter out() {
                return outWriter;
            }

            @Override
            public PrintWriter err() {
                return errWriter;
            }

            @Override
            public <T> T service(Class<T> type) {
                return mailbox.injector().getInstance(type);
            }
        };
        int status = new MailboxImportCommand().run(call);
        outWriter.flush();
        errWriter.flush();
        return new ImportRun(status, out.toString(), err.toString());
    }
}
