package dev.switchboard.bridge.mcp;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.resource.ResourceCatalog;

/**
 * Whether a caller may subscribe to a URI ({@code resources/subscribe}, a listen's {@code resourceSubscriptions}): by
 * the very rule of its {@code resources/read}. Served to it ({@link ResourceCatalog#serves}: listed, or matching a
 * template of a provider served to it, ADR 20) is not enough, since a provider served to a caller may still read it
 * only some of its templated resources (the mailbox serves its inbox template to every channel role, each reading only
 * its own inbox): the URI must also read for it ({@link ResourceCatalog#read} not empty). Costs one read of the URI.
 * Stateless.
 */
final class ReadableUris {

    private ReadableUris() {}

    /**
     * @param resources the catalog
     * @param uri       a concrete URI
     * @param caller    who subscribes
     * @return whether {@code caller}'s {@code resources/read} of {@code uri} would answer contents
     */
    static boolean readable(ResourceCatalog resources, String uri, Principal caller) {
        return resources.serves(uri, caller) && resources.read(uri, caller).isPresent();
    }
}
