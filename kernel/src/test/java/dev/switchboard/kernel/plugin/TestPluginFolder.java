package dev.switchboard.kernel.plugin;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes a plugin folder the way a plugin zip expands: {@code plugin.properties} and {@code classes/} holding the
 * given test classes (with their nested and anonymous classes) and an {@code extensions.idx} of its own.
 */
final class TestPluginFolder {

    private TestPluginFolder() {}

    static Path write(Path pluginsDir, String id, Class<?> pluginClass, Class<?> moduleClass, List<Class<?>> extensions)
            throws IOException {
        Path root = pluginsDir.resolve(id);
        Path classes = root.resolve("classes");
        Files.createDirectories(classes.resolve("META-INF"));
        String properties = "plugin.id=" + id + "\nplugin.version=1.0.0\nplugin.description=test plugin " + id + "\n"
                + (pluginClass == null ? "" : "plugin.class=" + pluginClass.getName() + "\n")
                + (moduleClass == null ? "" : "plugin.module=" + moduleClass.getName() + "\n");
        Files.writeString(root.resolve("plugin.properties"), properties);
        Files.writeString(
                classes.resolve("META-INF/extensions.idx"),
                extensions.stream().map(Class::getName).collect(Collectors.joining("\n", "", "\n")));
        for (Class<?> type : extensions) {
            copyPackage(type, classes);
        }
        if (pluginClass != null) {
            copyPackage(pluginClass, classes);
        }
        if (moduleClass != null) {
            copyPackage(moduleClass, classes);
        }
        return root;
    }

    /** Copies every class file of the type's package (so nested and anonymous classes come along). */
    private static void copyPackage(Class<?> type, Path classes) throws IOException {
        Path source;
        try {
            source = Path.of(
                    type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        String packagePath = type.getPackageName().replace('.', '/');
        Path target = classes.resolve(packagePath);
        Files.createDirectories(target);
        try (var files = Files.list(source.resolve(packagePath))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                try (InputStream in = Files.newInputStream(file)) {
                    Files.copy(
                            in, target.resolve(file.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
