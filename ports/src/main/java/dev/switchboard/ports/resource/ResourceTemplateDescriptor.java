package dev.switchboard.ports.resource;

import java.util.Objects;

/**
 * A family of resources named by a URI template, as listed in {@code resources/templates/list}. Immutable.
 *
 * @param uriTemplate an RFC 6570 level-1 template, such as {@code handoff://{project}/{sequence}}
 * @param name        a short programmatic name
 * @param title       a human-readable title, or null
 * @param description what the resources hold, or null
 * @param mimeType    the MIME type of their contents, or null
 */
public record ResourceTemplateDescriptor(
        String uriTemplate, String name, String title, String description, String mimeType) {
    /** @throws NullPointerException if {@code uriTemplate} or {@code name} is null */
    public ResourceTemplateDescriptor {
        Objects.requireNonNull(uriTemplate, "uriTemplate");
        Objects.requireNonNull(name, "name");
    }
}
