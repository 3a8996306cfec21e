package dev.switchboard.ports.resource;

import java.util.Objects;

/**
 * A concrete resource as listed in {@code resources/list}. Immutable.
 *
 * @param uri         the resource's URI
 * @param name        a short programmatic name
 * @param title       a human-readable title, or null
 * @param description what the resource holds, or null
 * @param mimeType    the MIME type of its contents, or null
 */
public record ResourceDescriptor(String uri, String name, String title, String description, String mimeType) {
    /** @throws NullPointerException if {@code uri} or {@code name} is null */
    public ResourceDescriptor {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(name, "name");
    }
}
