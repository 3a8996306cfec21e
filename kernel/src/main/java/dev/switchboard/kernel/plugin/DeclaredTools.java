package dev.switchboard.kernel.plugin;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.pf4j.PluginWrapper;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tool names in a plugin's committed tool catalog ({@value #CATALOG} in its jar: a JSON array of tool
 * descriptors, each with a {@code name}), so that the kernel knows them even when the plugin fails before its tools
 * can be built, and can answer a call to one with why. Read only after a failure, never on the start path. A plugin
 * without a catalog loses only that answer. Names are as the plugin writes them, before an operator's prefix.
 * Stateless.
 */
final class DeclaredTools {

    static final String CATALOG = "META-INF/switchboard/tool-catalog.json";

    private DeclaredTools() {}

    /**
     * @param plugin the plugin
     * @return the names in its own catalog (not the host's or another plugin's), in catalog order; empty when it has
     *         none or it cannot be read (this never fails anything)
     */
    static List<String> of(PluginWrapper plugin) {
        String root = plugin.getPluginPath().toAbsolutePath().normalize().toString();
        try {
            for (URL url : Collections.list(plugin.getPluginClassLoader().getResources(CATALOG))) {
                if (isInside(url, root)) {
                    return names(url);
                }
            }
        } catch (IOException | RuntimeException e) { // JacksonException included
            return List.of();
        }
        return List.of();
    }

    /** The class loader also finds the host's catalogs (the kernel's); only one under the plugin's path counts. */
    private static boolean isInside(URL url, String root) {
        // jar:file:/p/plugins/x/lib/x.jar!/META-INF/... has the path file:/p/...!/...; a directory's is /p/...
        String path = URLDecoder.decode(url.getPath().replace("+", "%2B"), StandardCharsets.UTF_8);
        return (path.startsWith("file:") ? path.substring("file:".length()) : path).startsWith(root + "/");
    }

    private static List<String> names(URL url) throws IOException {
        try (InputStream in = url.openStream()) {
            List<String> names = new ArrayList<>();
            for (JsonNode tool : JsonMapper.shared().readTree(in)) {
                String name = tool.path("name").asString("");
                if (!name.isEmpty()) {
                    names.add(name);
                }
            }
            return List.copyOf(names);
        }
    }
}
