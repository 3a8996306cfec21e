package dev.switchboard.ports.resource;

import java.util.Objects;
import java.util.regex.Pattern;

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

    /**
     * Whether a concrete URI is one of this template's (RFC 6570 level 1: each {@code {variable}} stands for one or
     * more characters other than {@code /}, {@code ?} and {@code #}; the rest must be equal).
     *
     * @param uri a concrete URI
     * @return whether expanding the template could give {@code uri}
     */
    public boolean matches(String uri) {
        StringBuilder regex = new StringBuilder();
        int at = 0;
        while (at < uriTemplate.length()) {
            int open = uriTemplate.indexOf('{', at);
            int close = open < 0 ? -1 : uriTemplate.indexOf('}', open);
            if (close < 0) {
                regex.append(Pattern.quote(uriTemplate.substring(at)));
                break;
            }
            regex.append(Pattern.quote(uriTemplate.substring(at, open))).append("[^/?#]+");
            at = close + 1;
        }
        return Pattern.matches(regex.toString(), uri);
    }
}
