package dev.switchboard.plugin.mailbox.hook.adapter.in.cli;

import java.time.Duration;

import dev.switchboard.ports.cli.SubcommandCall;
import dev.switchboard.ports.cli.SubcommandUsageException;

/** The {@code --interval S} option of {@code status watch} and {@code hook wake}: whole seconds, 1..86400. Stateless. */
final class IntervalOption {

    /** The option's name. */
    static final String NAME = "interval";

    private IntervalOption() {}

    /**
     * @param call            the command line
     * @param fallbackSeconds the value when the option is absent
     * @return the interval
     * @throws SubcommandUsageException if the value is not a whole number of seconds from 1 to 86400
     */
    static Duration of(SubcommandCall call, long fallbackSeconds) {
        String text = call.option(NAME).orElse(Long.toString(fallbackSeconds));
        long seconds;
        try {
            seconds = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new SubcommandUsageException("--interval must be a whole number of seconds, got '" + text + "'");
        }
        if (seconds < 1 || seconds > 86_400) {
            throw new SubcommandUsageException("--interval must be 1..86400 seconds, got " + seconds);
        }
        return Duration.ofSeconds(seconds);
    }
}
