package dev.switchboard.kernel.cli;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns SIGTERM and SIGINT into an orderly stop, so that {@code serve} drains running calls and exits with status 0
 * (a JVM that lets the signal end it reports 128 + 15 = 143, whatever its shutdown hooks do). Uses
 * {@code sun.misc.Signal} from the JDK's {@code jdk.unsupported} module, the one portable way for a Java program to
 * handle a signal; where it is unavailable the JVM's default handling (shutdown hooks, status 143) remains.
 */
final class TerminationSignals {

    private static final Logger LOG = LoggerFactory.getLogger(TerminationSignals.class);

    private TerminationSignals() {}

    /**
     * @param stop what to run, once, on a new thread, when the process is asked to terminate
     */
    static void onTerminate(Runnable stop) {
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                sun.misc.Signal.handle(
                        new sun.misc.Signal(name),
                        signal -> Thread.ofPlatform()
                                .name("switchboard-signal-" + name)
                                .start(stop));
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                LOG.debug("cannot handle SIG{}; the JVM's default applies", name, e);
            }
        }
    }
}
