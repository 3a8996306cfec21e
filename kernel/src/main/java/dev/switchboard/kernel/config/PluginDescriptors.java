package dev.switchboard.kernel.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The descriptors ({@code plugin.properties} at the root) of the plugins in a plugins directory, zips and plugin
 * folders, enabled or disabled alike, read with {@link ZipFile} (no PF4J, so cheap enough for every start, the attach client's and the
 * hooks' too). Immutable.
 *
 * @param byId each plugin's descriptor, by its {@code plugin.id} (zips without one are left out)
 */
public record PluginDescriptors(Map<String, Properties> byId) {

    /**
     * The property listing the keys of a plugin's {@code plugins.<id>} subtree, comma-separated dotted keys
     * ({@code receipts.max-count}); empty for a plugin without settings. {@value #ANY_KEY} or an absent property:
     * undeclared, any key is taken and the plugin checks its own when it starts.
     */
    public static final String SETTINGS_PROPERTY = "plugin.settings";

    /** The value of {@link #SETTINGS_PROPERTY} that declares nothing. */
    public static final String ANY_KEY = "*";

    private static final String ID_PROPERTY = "plugin.id";
    private static final String DESCRIPTOR = "plugin.properties";

    /** Copies the map, sorted by id. */
    public PluginDescriptors {
        byId = java.util.Collections.unmodifiableMap(new TreeMap<>(byId));
    }

    /**
     * @param pluginsDir the plugins directory; absent means no plugins
     * @return the descriptors of every {@code *.zip} and folder directly in it that has a {@code plugin.properties}
     *     with a {@code plugin.id} (a zip's, when both have the same id)
     * @throws UncheckedIOException if the directory cannot be listed or a zip cannot be read (a corrupt zip fails the
     *     server's start too)
     */
    public static PluginDescriptors read(Path pluginsDir) {
        Map<String, Properties> byId = new TreeMap<>();
        for (Path folder : folders(pluginsDir)) {
            add(byId, folderDescriptor(folder));
        }
        for (Path zip : zips(pluginsDir)) {
            add(byId, descriptor(zip)); // a zip wins over the folder PF4J expanded it into
        }
        return new PluginDescriptors(byId);
    }

    /**
     * @param pluginId a plugin id
     * @return the keys its descriptor declares ({@link #SETTINGS_PROPERTY}), or empty when it declares none (any key
     *     is taken) or is not installed
     */
    public Optional<Set<String>> declaredSettings(String pluginId) {
        Properties properties = byId.get(pluginId);
        String value = properties == null ? null : properties.getProperty(SETTINGS_PROPERTY);
        if (value == null || value.strip().equals(ANY_KEY)) {
            return Optional.empty();
        }
        return Optional.of(Set.copyOf(split(value)));
    }

    /**
     * @param value a comma-separated property value, or null
     * @return its entries, stripped, without empty ones
     */
    public static List<String> split(String value) {
        if (value == null) {
            return List.of();
        }
        return Arrays.stream(value.split(","))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .toList();
    }

    /**
     * @param pluginsDir a plugins directory
     * @return its {@code *.zip} regular files, sorted by name; empty when the directory is absent
     * @throws UncheckedIOException if the directory exists but cannot be listed
     */
    public static List<Path> zips(Path pluginsDir) {
        if (!Files.isDirectory(pluginsDir)) {
            return List.of();
        }
        List<Path> zips = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(pluginsDir, "*.zip")) {
            for (Path entry : entries) {
                if (Files.isRegularFile(entry)) {
                    zips.add(entry);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the plugins directory " + pluginsDir, e);
        }
        zips.sort(null);
        return zips;
    }

    private static void add(Map<String, Properties> byId, Properties properties) {
        String id = properties.getProperty(ID_PROPERTY, "").strip();
        if (!id.isEmpty()) {
            byId.put(id, properties);
        }
    }

    /** The plugin folders (a plugin unpacked by hand, or a zip PF4J expanded): directories with a descriptor. */
    private static List<Path> folders(Path pluginsDir) {
        if (!Files.isDirectory(pluginsDir)) {
            return List.of();
        }
        List<Path> folders = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(pluginsDir, Files::isDirectory)) {
            for (Path entry : entries) {
                if (Files.isRegularFile(entry.resolve(DESCRIPTOR))) {
                    folders.add(entry);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the plugins directory " + pluginsDir, e);
        }
        folders.sort(null);
        return folders;
    }

    private static Properties folderDescriptor(Path folder) {
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(folder.resolve(DESCRIPTOR))) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + folder.resolve(DESCRIPTOR), e);
        }
        return properties;
    }

    private static Properties descriptor(Path zip) {
        Properties properties = new Properties();
        try (ZipFile file = new ZipFile(zip.toFile())) {
            ZipEntry entry = file.getEntry(DESCRIPTOR);
            if (entry != null) {
                try (InputStream in = file.getInputStream(entry)) {
                    properties.load(in);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the plugin zip " + zip, e);
        }
        return properties;
    }
}
