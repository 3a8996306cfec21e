package dev.switchboard.plugin.transport.stdio;

import dev.switchboard.ports.call.Principal;

/** Who an attached session's calls run as: the local owner, as the attaching process. Stateless. */
final class AttachedCaller {

    private AttachedCaller() {}

    /**
     * @param hello the session's hello
     * @return the principal every call of the session runs as
     */
    static Principal of(AttachHello hello) {
        // Until ports.call.LocalSession lands: the owner, without the session's directory and environment.
        return Principal.LOCAL_OWNER;
    }
}
