package dev.switchboard.attach;

/**
 * A session's establisher for its recoveries: each call selects the target again from the command line, as at start
 * ({@link Target#of}, the configuration, the key, the paths), and establishes the session there. So a session whose
 * configuration changed while it was attached (a plugin disabled, {@code application.yaml} edited) moves to the server
 * of the current configuration when its server dies or is stopped, rather than waiting for a socket the server it
 * starts never binds. A configuration that cannot be read at that moment (a file half written) keeps the last
 * target; one that no longer allows attaching ends the session with its reason. Thread-safe enough for the relay's one
 * recovering thread.
 */
final class Retargeting implements Relay.Establisher {

    /** Builds the establisher of one target. */
    @FunctionalInterface
    interface Attachers {
        /**
         * @param target the target
         * @return what establishes a session on its server
         */
        Relay.Establisher of(Target target);
    }

    private final String[] args;
    private final boolean transportGiven;
    private final Attachers attachers;
    private Target last;

    /**
     * @param args           the command line ({@code serve ...})
     * @param transportGiven whether it chose the transport ({@link Target#checkAttachable})
     * @param first          the target selected at start
     * @param attachers      builds the establisher of a target
     */
    Retargeting(String[] args, boolean transportGiven, Target first, Attachers attachers) {
        this.args = args.clone();
        this.transportGiven = transportGiven;
        this.last = first;
        this.attachers = attachers;
    }

    /** @return the target the last call selected (the first target before any) */
    synchronized Target last() {
        return last;
    }

    @Override
    public Connection establish() throws AttachFailure {
        Target target;
        synchronized (this) {
            try {
                target = Target.of(args);
            } catch (AttachFailure unreadable) {
                target = last;
            }
            if (target != last) {
                try {
                    target.checkAttachable(transportGiven);
                } catch (AttachFailure failure) {
                    throw new AttachFailure(
                            "cannot re-establish the session: the configuration changed: " + failure.getMessage(),
                            false);
                }
            }
            last = target;
        }
        return attachers.of(target).establish();
    }
}
