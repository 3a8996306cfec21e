package dev.switchboard.kernel.plugin;

import com.google.inject.CreationException;
import com.google.inject.ProvisionException;

import dev.switchboard.kernel.catalog.EndpointCollisionException;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.storage.StorageException;

/**
 * Turns why a plugin failed into one line for operators ({@code doctor}, {@code server_info}): the message of the
 * first exception that says something, below Guice's wrappers and PF4J's "did not start" wrapper. Stateless.
 */
final class FailureReasons {

    private static final int MAX_LENGTH = 500;

    private FailureReasons() {}

    /** @return the operator's line: may name the storage's host, port, user or file */
    static String of(Throwable failure) {
        Throwable reason = unwrapped(failure);
        return shortened(reason.getMessage() == null ? reason.getClass().getSimpleName() : reason.getMessage());
    }

    /**
     * @return the line clients are shown ({@code PLUGIN_FAILED}, {@code server_info}): as {@link #of}, except that a
     *         storage failure gives its {@link StorageException#clientMessage()}, which names no host, port or user
     */
    static String forClients(Throwable failure) {
        Throwable reason = unwrapped(failure);
        return reason instanceof StorageException storage ? shortened(storage.clientMessage()) : of(failure);
    }

    private static Throwable unwrapped(Throwable failure) {
        Throwable reason = failure;
        while (isWrapper(reason) && reason.getCause() != null && reason.getCause() != reason) {
            reason = reason.getCause();
        }
        return reason;
    }

    private static String shortened(String message) {
        return message.length() > MAX_LENGTH ? message.substring(0, MAX_LENGTH) + "..." : message;
    }

    /**
     * @return whether one line explains the failure fully: an operator's malformed setting
     *         ({@link InvalidSettingException}), the storage missing because its own plugin failed (reported on
     *         its own), the storage file unusable ({@link StorageOpenException}), a migration the database refuses
     *         ({@link MigrationFailedException}), or an HTTP route taken by another
     *         plugin; anywhere in the causes. Other failures are faults whose stack trace helps.
     */
    static boolean isExplainedByItsMessage(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof InvalidSettingException
                    || cause instanceof StorageUnavailableException
                    || cause instanceof StorageOpenException
                    || cause instanceof MigrationFailedException
                    || cause instanceof EndpointCollisionException) {
                return true;
            }
        }
        return false;
    }

    private static boolean isWrapper(Throwable failure) {
        return failure instanceof ProvisionException
                || failure instanceof CreationException
                || failure instanceof PluginStartException start && start.wrapsLifecycleFailure();
    }
}
