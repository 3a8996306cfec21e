package dev.switchboard.ports.resource;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.pf4j.ExtensionPoint;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;

/**
 * Extension point through which a plugin offers resources. Implementations MUST be thread-safe.
 */
public interface ResourceProvider extends ExtensionPoint {

    /**
     * Whether this provider's resources and templates are served to a caller (ADR 20): listed in
     * {@code resources/list} and {@code resources/templates/list}, and read, completed and subscribed to. For a caller
     * it is not served to, the kernel answers as if none of its resources existed ("resource not found", JSON-RPC
     * -32002) without asking the provider, and the lists leave them out. By default a provider serves the owner (or an
     * admin) only, like {@link dev.switchboard.ports.tool.Tool#listedFor}; a provider that serves a channel role or a
     * viewer overrides this, and still checks in {@link #read} which of its resources that caller may see.
     *
     * <p>Called on every list, read and completion, on any thread: MUST be cheap (no I/O), MUST NOT throw, and must
     * give the same answer for the same caller while the server runs.
     *
     * @param caller who asks
     * @return whether to serve this provider's resources to {@code caller}; by default true for an owner or admin
     */
    default boolean servedTo(Principal caller) {
        return caller.kind() == Principal.Kind.OWNER || caller.kind() == Principal.Kind.ADMIN;
    }

    /**
     * @return the concrete resources this provider lists to the server's own session (stdio); may change, and then
     *     the provider reports it ({@link ResourceUpdateSink#listChanged}): the kernel keeps the last answer until
     *     then, so it is asked once per change for the whole process, however many sessions list
     */
    List<ResourceDescriptor> resources();

    /**
     * The concrete resources listed to one caller, for a provider whose resources differ per principal (ADR 20: the
     * mailbox lists a role token its own role's inbox, never the stdio session's). Asked only for a caller the
     * provider is {@linkplain #servedTo served to}, on any thread; MUST NOT throw.
     *
     * @param caller who lists
     * @return the resources {@code caller} sees; by default {@link #resources()}, the same for everyone
     */
    default List<ResourceDescriptor> resources(Principal caller) {
        return resources();
    }

    /** @return the URI templates this provider serves; empty by default */
    default List<ResourceTemplateDescriptor> templates() {
        return List.of();
    }

    /**
     * Reads one resource.
     *
     * @param uri       the URI asked for, concrete (templates already expanded by the client)
     * @param principal who is asking
     * @return the contents, or empty when this provider does not serve {@code uri} (the kernel then asks the next
     *         provider, and answers "resource not found" (JSON-RPC -32002) when none does)
     */
    Optional<List<ResourceContents>> read(String uri, Principal principal);

    /**
     * Suggests values for one variable of a URI template ({@code completion/complete} with {@code ref/resource}).
     *
     * @param uriTemplate the template
     * @param variable    the variable being completed
     * @param prefix      what the user typed so far
     * @param context     values of variables already chosen
     * @return up to 100 suggestions, best first; empty by default
     */
    default List<String> complete(String uriTemplate, String variable, String prefix, Map<String, String> context) {
        return List.of();
    }

    /**
     * Called once when the plugin starts, with the sink for change reports. The default ignores it: a provider that
     * never reports changes still lets clients subscribe, they are simply never notified. A provider that has to
     * watch a source to notice a resource's changes (a database it re-reads) watches only what is
     * {@linkplain #follow followed}: keeping the sink costs nothing.
     *
     * @param sink where to report changed resources ({@link ResourceUpdateSink#updated}) and a changed list of
     *             concrete resources ({@link ResourceUpdateSink#listChanged})
     */
    default void watch(ResourceUpdateSink sink) {
        // no changes to report
    }

    /**
     * A client subscribed to {@code uri} ({@code resources/subscribe}): report its changes to the {@link #watch} sink
     * until the returned subscription is closed (the client unsubscribed, or its session ended). Called once per
     * subscription, for a caller this provider is {@linkplain #servedTo served to}, on the thread handling the
     * request and before the client is answered, so a change committed after the answer is reported. Several
     * sessions may follow the same resource at once: a provider watches a resource once however many follow it, and
     * stops when the last subscription closes. A provider that does not serve {@code uri} to {@code caller} answers
     * {@link ResourceSubscription#NONE}. MUST NOT throw.
     *
     * @param uri    the concrete URI subscribed to
     * @param caller who subscribed
     * @return the subscription; {@link ResourceSubscription#NONE} by default (nothing to watch)
     */
    default ResourceSubscription follow(String uri, Principal caller) {
        return ResourceSubscription.NONE;
    }
}
