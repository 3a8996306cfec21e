package dev.switchboard.kernel.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code switchboard doctor}: checks the Java version, the state directory and database permissions, and every
 * plugin (state, tools, name collisions), prints a line per check, and exits 0 when healthy, 1 otherwise.
 */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = "Check the installation; exit 0 when healthy, 1 with a line per problem otherwise.")
final class DoctorCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        DoctorReport report = new Doctor(options).examine();
        report.lines().forEach(spec.commandLine().getOut()::println);
        spec.commandLine().getOut().flush();
        return report.healthy() ? 0 : 1;
    }
}
