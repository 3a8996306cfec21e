package dev.switchboard.kernel.plugin;

import com.google.inject.CreationException;
import com.google.inject.ProvisionException;

/**
 * Turns why a plugin failed into one line for operators ({@code doctor}, {@code server_info}): the message of the
 * first exception that says something, below Guice's wrappers and PF4J's "did not start" wrapper. Stateless.
 */
final class FailureReasons {

    private static final int MAX_LENGTH = 500;

    private FailureReasons() {
    }

    static String of(Throwable failure) {
        Throwable reason = failure;
        while (isWrapper(reason) && reason.getCause() != null && reason.getCause() != reason) {
            reason = reason.getCause();
        }
        String message = reason.getMessage() == null ? reason.getClass().getSimpleName() : reason.getMessage();
        return message.length() > MAX_LENGTH ? message.substring(0, MAX_LENGTH) + "..." : message;
    }

    private static boolean isWrapper(Throwable failure) {
        return failure instanceof ProvisionException || failure instanceof CreationException
                || failure instanceof PluginStartException start && start.wrapsLifecycleFailure();
    }
}
