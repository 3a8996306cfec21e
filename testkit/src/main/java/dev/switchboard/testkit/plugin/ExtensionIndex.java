package dev.switchboard.testkit.plugin;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import org.pf4j.Extension;

/**
 * The PF4J extension index ({@code META-INF/extensions.idx}) of one code source: the classes directory or jar that
 * holds a plugin's classes. PF4J finds extensions only through this index, which its annotation processor writes at
 * compile time; a build that skips the processor yields a plugin that loads and contributes nothing, silently. Every
 * plugin's tests therefore run {@link #assertListsEveryExtension()}. Immutable; thread-safe.
 */
public final class ExtensionIndex {

    /** Where PF4J's annotation processor writes the index, relative to the code source's root. */
    public static final String RESOURCE = "META-INF/extensions.idx";

    private final Path codeSource;
    private final ClassLoader loader;
    private final List<String> classNames;

    private ExtensionIndex(Path codeSource, ClassLoader loader, List<String> classNames) {
        this.codeSource = codeSource;
        this.loader = loader;
        this.classNames = List.copyOf(classNames);
    }

    /**
     * @param anchor any class of the plugin, such as its Guice module
     * @return the index of the directory or jar the class was loaded from; empty when the file is missing
     * @throws UncheckedIOException if the index exists but cannot be read
     */
    public static ExtensionIndex of(Class<?> anchor) {
        Path source = codeSourceOf(anchor);
        return new ExtensionIndex(source, anchor.getClassLoader(), read(source));
    }

    /**
     * @param codeSource a classes directory or a jar
     * @param loader     the class loader that loads its classes
     * @return its index; empty when the file is missing
     * @throws UncheckedIOException if the index exists but cannot be read
     */
    public static ExtensionIndex at(Path codeSource, ClassLoader loader) {
        return new ExtensionIndex(codeSource, loader, read(codeSource));
    }

    /** @return the directory or jar this index belongs to */
    public Path codeSource() {
        return codeSource;
    }

    /** @return the extension class names listed, in file order */
    public List<String> classNames() {
        return classNames;
    }

    /**
     * @param type an extension point, such as {@code StorageProvider}
     * @param <T>  its type
     * @return the listed classes that implement it, ordered by {@link Extension#ordinal()} and then as listed (PF4J's
     *         order)
     * @throws IllegalStateException if a listed class cannot be loaded
     */
    public <T> List<Class<? extends T>> classesOf(Class<T> type) {
        List<Class<? extends T>> matching = new ArrayList<>();
        for (String name : classNames) {
            Class<?> listed = load(name);
            if (type.isAssignableFrom(listed)) {
                matching.add(listed.asSubclass(type));
            }
        }
        matching.sort((a, b) -> Integer.compare(ordinal(a), ordinal(b)));
        return matching;
    }

    /**
     * Asserts that the index lists every class of this code source annotated with {@code @Extension}, and at least
     * one: what PF4J would find is what the plugin declares.
     *
     * @throws AssertionError naming the classes missing from the index, or saying that there is no index
     */
    public void assertListsEveryExtension() {
        List<String> declared = declaredExtensions();
        if (declared.isEmpty()) {
            throw new AssertionError("no class under " + codeSource + " is annotated @org.pf4j.Extension");
        }
        List<String> missing =
                declared.stream().filter(name -> !classNames.contains(name)).toList();
        if (!missing.isEmpty()) {
            throw new AssertionError(RESOURCE + " under " + codeSource + " does not list " + missing + " (it lists "
                    + classNames + "); PF4J would not find them. Is PF4J's annotation processor running (javac"
                    + " -proc:full on JDK 23+)?");
        }
    }

    /**
     * Asserts that the index lists the given classes.
     *
     * @param extensions the plugin's extension classes
     * @throws AssertionError naming the classes missing from the index
     */
    public void assertLists(Class<?>... extensions) {
        List<String> missing = Stream.of(extensions)
                .map(Class::getName)
                .filter(name -> !classNames.contains(name))
                .toList();
        if (!missing.isEmpty()) {
            throw new AssertionError(
                    RESOURCE + " under " + codeSource + " does not list " + missing + " (it lists " + classNames + ")");
        }
    }

    private List<String> declaredExtensions() {
        TreeSet<String> declared = new TreeSet<>();
        for (String name : classFileNames()) {
            Class<?> type = load(name);
            if (type.isAnnotationPresent(Extension.class)) {
                declared.add(name);
            }
        }
        return List.copyOf(declared);
    }

    private List<String> classFileNames() {
        List<String> names = new ArrayList<>();
        try {
            if (Files.isDirectory(codeSource)) {
                try (Stream<Path> files = Files.walk(codeSource)) {
                    files.filter(f -> f.toString().endsWith(".class"))
                            .map(f -> codeSource.relativize(f).toString())
                            .forEach(relative -> names.add(className(relative)));
                }
            } else {
                try (JarFile jar = new JarFile(codeSource.toFile())) {
                    Enumeration<JarEntry> entries = jar.entries();
                    while (entries.hasMoreElements()) {
                        String entry = entries.nextElement().getName();
                        if (entry.endsWith(".class")) {
                            names.add(className(entry));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the classes under " + codeSource, e);
        }
        names.removeIf(name -> name.endsWith("package-info") || name.endsWith("module-info"));
        return names;
    }

    private static String className(String relativePath) {
        return relativePath
                .substring(0, relativePath.length() - ".class".length())
                .replace('/', '.')
                .replace('\\', '.');
    }

    private Class<?> load(String name) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("class " + name + " under " + codeSource + " cannot be loaded: " + e, e);
        }
    }

    private static int ordinal(Class<?> type) {
        Extension extension = type.getAnnotation(Extension.class);
        return extension == null ? 0 : extension.ordinal();
    }

    private static Path codeSourceOf(Class<?> anchor) {
        try {
            return Path.of(
                    anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalArgumentException("cannot locate the classes of " + anchor.getName(), e);
        }
    }

    private static List<String> read(Path source) {
        try {
            if (Files.isDirectory(source)) {
                Path index = source.resolve(RESOURCE);
                return Files.isRegularFile(index) ? lines(Files.readString(index, StandardCharsets.UTF_8)) : List.of();
            }
            try (JarFile jar = new JarFile(source.toFile())) {
                JarEntry entry = jar.getJarEntry(RESOURCE);
                if (entry == null) {
                    return List.of();
                }
                try (InputStream in = jar.getInputStream(entry)) {
                    return lines(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE + " under " + source, e);
        }
    }

    private static List<String> lines(String text) {
        return text.lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                .toList();
    }

    /**
     * @param loader where to look
     * @return the index of every code source on the class path that has one
     * @throws UncheckedIOException if the class path cannot be searched
     */
    public static List<ExtensionIndex> onClassPath(ClassLoader loader) {
        List<ExtensionIndex> found = new ArrayList<>();
        try {
            Enumeration<URL> urls = loader.getResources(RESOURCE);
            while (urls.hasMoreElements()) {
                found.add(at(rootOf(urls.nextElement()), loader));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot search the class path for " + RESOURCE, e);
        }
        return found;
    }

    private static Path rootOf(URL index) {
        String url = index.toString();
        String root = url.substring(0, url.length() - RESOURCE.length());
        if (root.startsWith("jar:")) {
            root = root.substring("jar:".length(), root.length() - "!/".length());
        }
        try {
            return Path.of(new java.net.URI(root));
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot read the location " + url, e);
        }
    }
}
