package dev.switchboard.bridge.mcp;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.modelcontextprotocol.modern.McpException;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.resource.ResourceCatalog;

/**
 * The filter of one {@code subscriptions/listen} ({@code params.notifications}, ADR 45), checked and narrowed to what
 * the caller is served: {@code toolsListChanged} and {@code resourcesListChanged} are booleans (absent: false),
 * {@code resourceSubscriptions} an array of at most {@value #MAX_URIS} strings (absent: none). A URI is honoured only
 * when the caller may read it ({@link ReadableUris}: another role's inbox, another channel's or a role that does
 * not exist reads as not found). Anything else is left out of the acknowledgement and never told.
 * A filter that subscribes to nothing is valid. Immutable.
 *
 * @param toolsListChanged     whether {@code tools/list_changed} is told
 * @param resourcesListChanged whether {@code resources/list_changed} is told
 * @param uris                 the honoured URIs, in the order asked, without duplicates
 */
record ListenFilter(boolean toolsListChanged, boolean resourcesListChanged, Set<String> uris) {

    /** How every -32602 refusal of this server begins. */
    private static final String INVALID_PARAMS = "Invalid params: ";

    /** The most URIs one listen may ask for; more is refused -32602. */
    static final int MAX_URIS = 100;

    ListenFilter {
        uris = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(uris));
    }

    /**
     * @param params    the request's params (a map, or null)
     * @param resources the catalog deciding what {@code caller} is served
     * @param caller    who listens
     * @return the honoured filter
     * @throws McpException -32602 when the filter is malformed or asks for more than {@value #MAX_URIS} URIs
     */
    static ListenFilter of(Object params, ResourceCatalog resources, Principal caller) {
        Object filter = params instanceof Map<?, ?> map ? map.get("notifications") : null;
        if (filter != null && !(filter instanceof Map<?, ?>)) {
            throw McpException.invalidParams(INVALID_PARAMS + "notifications must be an object");
        }
        Map<?, ?> wanted = filter == null ? Map.of() : (Map<?, ?>) filter;
        boolean tools = flag(wanted, "toolsListChanged");
        boolean lists = flag(wanted, "resourcesListChanged");
        Object asked = wanted.get("resourceSubscriptions");
        if (asked == null) {
            return new ListenFilter(tools, lists, Set.of());
        }
        if (!(asked instanceof List<?> list) || !list.stream().allMatch(String.class::isInstance)) {
            throw McpException.invalidParams(
                    INVALID_PARAMS + "notifications.resourceSubscriptions must be an array of URI strings");
        }
        if (list.size() > MAX_URIS) {
            throw McpException.invalidParams(INVALID_PARAMS + "notifications.resourceSubscriptions names " + list.size()
                    + " URIs; at most " + MAX_URIS + " per listen");
        }
        Set<String> uris = new LinkedHashSet<>();
        list.stream()
                .map(String.class::cast)
                .distinct()
                .filter(uri -> ReadableUris.readable(resources, uri, caller))
                .forEach(uris::add);
        return new ListenFilter(tools, lists, uris);
    }

    /** @return the filter as the acknowledgement names it: only what is honoured */
    Map<String, Object> honoured() {
        Map<String, Object> honoured = new LinkedHashMap<>();
        if (toolsListChanged) {
            honoured.put("toolsListChanged", true);
        }
        if (resourcesListChanged) {
            honoured.put("resourcesListChanged", true);
        }
        if (!uris.isEmpty()) {
            honoured.put("resourceSubscriptions", List.copyOf(uris));
        }
        return honoured;
    }

    private static boolean flag(Map<?, ?> wanted, String name) {
        Object value = wanted.get(name);
        if (value != null && !(value instanceof Boolean)) {
            throw McpException.invalidParams(INVALID_PARAMS + "notifications." + name + " must be a boolean");
        }
        return Boolean.TRUE.equals(value);
    }
}
