package dev.switchboard.testkit.plugin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.pf4j.Plugin;

/**
 * Packages a plugin from compiled (test) classes as a PF4J plugin zip, for tests that need one in a
 * {@code plugins/} directory: {@code plugin.properties}, {@code classes/<the plugin class's package>/*.class} (nested
 * and anonymous classes included, sub-packages not) and {@code classes/META-INF/extensions.idx} naming only the given
 * extensions. Host classes (ports, PF4J, Guice) are not packaged: the server's {@code lib/} provides them. Immutable.
 *
 * @param id          the plugin id; the zip is named {@code <id>.zip}
 * @param version     the plugin's version in {@code plugin.properties}
 * @param pluginClass the {@link Plugin} subclass; its package is the plugin's code
 * @param moduleClass the plugin's Guice module ({@code plugin.module}), or null for none
 * @param extensions  the {@code @Extension} classes, all in the plugin class's package
 */
public record PluginZip(
        String id,
        String version,
        Class<? extends Plugin> pluginClass,
        Class<?> moduleClass,
        List<Class<?>> extensions) {

    /** The version {@link #of} gives. */
    public static final String DEFAULT_VERSION = "1.0.0";

    /** @throws NullPointerException if a component other than {@code moduleClass} is null */
    public PluginZip {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(pluginClass, "pluginClass");
        extensions = List.copyOf(extensions);
    }

    /**
     * @param id          the plugin id
     * @param pluginClass the plugin class
     * @param moduleClass the Guice module, or null
     * @param extensions  the extension classes
     * @return the zip's description at version {@value #DEFAULT_VERSION}
     */
    public static PluginZip of(
            String id, Class<? extends Plugin> pluginClass, Class<?> moduleClass, List<Class<?>> extensions) {
        return new PluginZip(id, DEFAULT_VERSION, pluginClass, moduleClass, extensions);
    }

    /**
     * Writes {@code <id>.zip} into the plugins directory.
     *
     * @param pluginsDir an installation's plugins directory
     * @return the zip written
     * @throws UncheckedIOException if it cannot be written or the classes cannot be read
     */
    public Path writeTo(Path pluginsDir) {
        Path zip = pluginsDir.resolve(id + ".zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            put(out, "plugin.properties", properties().getBytes(StandardCharsets.ISO_8859_1));
            put(
                    out,
                    "classes/" + ExtensionIndex.RESOURCE,
                    extensions.stream()
                            .map(Class::getName)
                            .collect(Collectors.joining("\n", "", "\n"))
                            .getBytes(StandardCharsets.UTF_8));
            String packagePath = pluginClass.getPackageName().replace('.', '/');
            try (Stream<Path> files = Files.list(classesRoot().resolve(packagePath))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".class"))
                        .sorted()
                        .toList()) {
                    put(out, "classes/" + packagePath + "/" + file.getFileName(), Files.readAllBytes(file));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the plugin zip " + zip, e);
        }
        return zip;
    }

    private String properties() {
        return "plugin.id=" + id + "\n"
                + "plugin.version=" + version + "\n"
                + "plugin.class=" + pluginClass.getName() + "\n"
                + (moduleClass == null ? "" : "plugin.module=" + moduleClass.getName() + "\n")
                + "plugin.description=test plugin " + id + "\n"
                + "plugin.requires=*\n";
    }

    private Path classesRoot() {
        try {
            return Path.of(pluginClass
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the classes of " + pluginClass, e);
        }
    }

    private static void put(ZipOutputStream out, String name, byte[] bytes) throws IOException {
        out.putNextEntry(new ZipEntry(name));
        out.write(bytes);
        out.closeEntry();
    }
}
