package dev.switchboard.plugin.transport.stdio;

import dev.switchboard.ports.call.LocalSession;
import dev.switchboard.ports.call.Principal;

/**
 * Who an attached session's calls run as: the local owner, carrying the attaching process's working directory and
 * whole environment (its session settings, and what its workspace commands inherit). Stateless.
 */
final class AttachedCaller {

    private AttachedCaller() {}

    /**
     * @param hello the session's hello
     * @return the principal every call of the session runs as
     */
    static Principal of(AttachHello hello) {
        return Principal.attached(new LocalSession(hello.cwd(), hello.environment()));
    }
}
