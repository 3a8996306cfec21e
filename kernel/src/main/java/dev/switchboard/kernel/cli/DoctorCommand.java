package dev.switchboard.kernel.cli;

import org.apache.commons.cli.CommandLine;

/**
 * {@code switchboard doctor}: checks the Java version, the permissions of the state directory, owner token file and
 * database, the authentication settings, and every plugin (state, tools, name collisions), prints a line per check,
 * and exits 0 when healthy, 1 otherwise.
 */
final class DoctorCommand implements CliCommand {

    @Override
    public String name() {
        return "doctor";
    }

    @Override
    public String summary() {
        return "Check the installation; exit 0 when healthy, 1 with a line per problem otherwise.";
    }

    @Override
    public int run(CommandLine line, Settings settings, Console console) {
        if (!line.getArgList().isEmpty()) {
            throw new UsageException("unexpected argument '" + line.getArgList().get(0) + "'", "");
        }
        DoctorReport report = new Doctor(settings).examine();
        report.lines().forEach(console.out()::println);
        console.out().flush();
        return report.healthy() ? Cli.OK : Cli.FAILED;
    }
}
