package dev.switchboard.e2e.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.Collectors;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A tool surface as it is committed and reviewed: each tool's name, title, description, annotations and input and
 * output schemas exactly as {@code tools/list} sends them, sorted by name, as pretty-printed JSON (one file per plugin,
 * {@code META-INF/switchboard/tool-catalog.json}); and the Markdown page made from all of them,
 * {@code docs/tool-catalog.md}. Stateless and thread-safe.
 */
public final class ToolCatalog {

    /** Where a module keeps its catalog, relative to the module's directory. */
    public static final String FILE = "src/main/resources/META-INF/switchboard/tool-catalog.json";

    private static final JsonMapper MAPPER = JsonMapper.shared();
    private static final Path REPOSITORY = Path.of(System.getProperty("switchboard.e2e.repository", ".."))
            .toAbsolutePath()
            .normalize();
    private static final List<String> FIELDS =
            List.of("name", "title", "description", "annotations", "inputSchema", "outputSchema");

    private ToolCatalog() {}

    /** @return the source tree the build runs in (system property {@code switchboard.e2e.repository}) */
    public static Path repository() {
        return REPOSITORY;
    }

    /**
     * @param owner {@code kernel} or a bundled plugin's id
     * @return the committed catalog file of that owner's module
     */
    public static Path file(String owner) {
        return REPOSITORY
                .resolve(owner.equals("kernel") ? "kernel" : "plugins/" + owner)
                .resolve(FILE);
    }

    /**
     * @param owner {@code kernel} or a bundled plugin's id
     * @return the tool names in that owner's committed catalog, sorted
     * @throws java.io.UncheckedIOException if the catalog cannot be read
     */
    public static List<String> names(String owner) {
        try {
            return MAPPER.readTree(Files.readString(file(owner)))
                    .valueStream()
                    .map(tool -> tool.path("name").asString(""))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tool catalog of " + owner, e);
        }
    }

    /**
     * @param tools tools as {@code tools/list} lists them
     * @return their snapshot: the fields above, in that order, sorted by name, pretty-printed, ending in a newline
     */
    public static String snapshot(List<JsonNode> tools) {
        ArrayNode array = MAPPER.createArrayNode();
        tools.stream()
                .sorted(Comparator.comparing(tool -> tool.path("name").asString("")))
                .forEach(tool -> {
                    ObjectNode entry = array.addObject();
                    FIELDS.stream().filter(tool::has).forEach(field -> entry.set(field, tool.get(field)));
                });
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(array) + "\n";
    }

    /**
     * @param snapshots each owner's snapshot text ({@link #snapshot}), by owner ({@code kernel} or a plugin id)
     * @param header    the page's opening, saying where it comes from and how to regenerate it
     * @return the Markdown page: per owner, per tool, its hints, description, parameters and output schema
     */
    public static String page(SortedMap<String, String> snapshots, String header) {
        StringBuilder page = new StringBuilder(header);
        snapshots.forEach((owner, snapshot) -> {
            page.append("\n## ").append(owner).append("\n");
            for (JsonNode tool : MAPPER.readTree(snapshot)) {
                appendTool(page, tool);
            }
        });
        return page.toString();
    }

    private static void appendTool(StringBuilder page, JsonNode tool) {
        page.append("\n### `").append(tool.path("name").asString("")).append('`');
        if (tool.hasNonNull("title")) {
            page.append(": ").append(tool.path("title").asString(""));
        }
        page.append("\n\n");
        String hints = hints(tool.path("annotations"));
        if (!hints.isEmpty()) {
            page.append("Hints: ").append(hints).append(".\n\n");
        }
        page.append(oneLine(tool.path("description").asString(""))).append("\n\n");
        JsonNode schema = tool.path("inputSchema");
        List<String> required = new ArrayList<>();
        schema.path("required").forEach(name -> required.add(name.asString("")));
        if (schema.path("properties").isEmpty()) {
            page.append("No arguments.\n");
        } else {
            page.append("| argument | type | required | description |\n|---|---|---|---|\n");
            schema.path("properties")
                    .properties()
                    .forEach(property -> page.append("| `")
                            .append(property.getKey())
                            .append("` | ")
                            .append(type(property.getValue()))
                            .append(" | ")
                            .append(required.contains(property.getKey()) ? "yes" : "no")
                            .append(" | ")
                            .append(cell(property.getValue().path("description").asString("")))
                            .append(" |\n"));
        }
        if (tool.hasNonNull("outputSchema")) {
            page.append("\nStructured output: declared by an output schema.\n");
        }
    }

    private static String hints(JsonNode annotations) {
        List<String> hints = new ArrayList<>();
        Map<String, String[]> words = Map.of(
                "readOnlyHint",
                new String[] {"read-only", "writes"},
                "destructiveHint",
                new String[] {"destructive", "not destructive"},
                "idempotentHint",
                new String[] {"idempotent", "not idempotent"},
                "openWorldHint",
                new String[] {"open world", "closed world"});
        for (String hint : List.of("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")) {
            if (annotations.path(hint).isBoolean()) {
                hints.add(words.get(hint)[annotations.path(hint).asBoolean() ? 0 : 1]);
            }
        }
        return String.join(", ", hints);
    }

    private static String type(JsonNode property) {
        String type = property.path("type").isArray()
                ? property.path("type").valueStream().map(t -> t.asString("")).collect(Collectors.joining(" or "))
                : property.path("type")
                        .asString(
                                property.has("$ref")
                                        ? "`" + property.path("$ref").asString("") + "`"
                                        : "any");
        if (type.equals("array") && property.path("items").has("type")) {
            type = "array of " + property.path("items").path("type").asString("");
        }
        if (property.has("minimum") || property.has("maximum")) {
            type += ", " + (property.has("minimum") ? property.path("minimum").asString("") : "…") + " to "
                    + (property.has("maximum") ? property.path("maximum").asString("") : "…");
        }
        if (property.has("enum")) {
            type += " ("
                    + property.path("enum")
                            .valueStream()
                            .map(v -> "`" + v.asString(v.toString()) + "`")
                            .collect(Collectors.joining(", "))
                    + ")";
        }
        return cell(type);
    }

    private static String cell(String text) {
        return oneLine(text).replace("|", "\\|");
    }

    private static String oneLine(String text) {
        return text.replace("\r", "").replace('\n', ' ').strip();
    }
}
