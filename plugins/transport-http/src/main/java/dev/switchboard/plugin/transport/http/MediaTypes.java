package dev.switchboard.plugin.transport.http;

import java.util.List;
import java.util.Locale;

/**
 * The content negotiation MCP asks for: a POST must declare {@code Content-Type: application/json} and accept both
 * {@code application/json} and {@code text/event-stream}; a GET must accept {@code text/event-stream}. Media ranges
 * ({@code *}{@code /*}, {@code text/*}) count as accepting what they cover; parameters are ignored.
 */
final class MediaTypes {

    private MediaTypes() {}

    /**
     * @param acceptHeaders every {@code Accept} header value
     * @param required      media types that must all be acceptable, lowercase
     */
    static boolean acceptsAll(List<String> acceptHeaders, String... required) {
        List<String> ranges = acceptHeaders.stream()
                .flatMap(value -> List.of(value.split(",")).stream())
                .map(MediaTypes::bare)
                .filter(range -> !range.isEmpty())
                .toList();
        for (String type : required) {
            String family = type.substring(0, type.indexOf('/')) + "/*";
            if (ranges.stream().noneMatch(range -> range.equals(type) || range.equals(family) || range.equals("*/*"))) {
                return false;
            }
        }
        return true;
    }

    /** @param contentType the {@code Content-Type} header value, or null */
    static boolean isJson(String contentType) {
        return contentType != null && bare(contentType).equals(McpHeaders.APPLICATION_JSON);
    }

    private static String bare(String mediaType) {
        int parameters = mediaType.indexOf(';');
        return (parameters < 0 ? mediaType : mediaType.substring(0, parameters))
                .strip()
                .toLowerCase(Locale.ROOT);
    }
}
