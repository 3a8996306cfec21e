package dev.switchboard.arch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;

import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The modules of the build, read from the poms on disk, and the main classes their sources declare: what the
 * architecture test must import for its rules to mean anything.
 *
 * <p>Starting at the root {@code pom.xml}, every {@code <module>} of every pom is followed, so a module is found however
 * deep its aggregator sits and whatever it is called. A module's main classes are named by its
 * {@code src/main/java} files ({@code package-info} and {@code module-info} aside), by the Maven convention that a
 * source file's path is its top-level class's name.
 *
 * <p>Thread-safety: stateless; every call reads the file system afresh.
 */
final class BuildModules {

    private static final String POM = "pom.xml";
    private static final String MAIN_SOURCES = "src/main/java";

    private BuildModules() {}

    /**
     * A module of the build.
     *
     * @param path        its directory relative to the root, with {@code /} separators ({@code plugins/handoff})
     * @param mainClasses the fully qualified names of the top-level classes in its main sources, sorted
     */
    record Module(String path, List<String> mainClasses) {}

    /**
     * Reads the build's modules, the root's own aggregators included.
     *
     * @param root the directory of the root pom
     * @return every module reached through {@code <module>} lists, in the order the poms list them
     * @throws IllegalStateException when a listed pom is missing or is not a readable pom
     */
    static List<Module> read(Path root) {
        List<Module> modules = new ArrayList<>();
        collect(root.toAbsolutePath().normalize(), root.toAbsolutePath().normalize(), modules);
        return modules;
    }

    /**
     * Names the classes of each module that an import does not contain.
     *
     * @param modules  the build's modules
     * @param imported the fully qualified names of the imported classes
     * @return module path → the missing class names, only for modules that miss any, sorted by path
     */
    static Map<String, List<String>> classesNotImported(Collection<Module> modules, Set<String> imported) {
        Map<String, List<String>> missing = new TreeMap<>();
        for (Module module : modules) {
            List<String> absent = module.mainClasses().stream()
                    .filter(name -> !imported.contains(name))
                    .toList();
            if (!absent.isEmpty()) {
                missing.put(module.path(), absent);
            }
        }
        return missing;
    }

    /**
     * Names the directories under {@code plugins/} that hold a pom but are no module of the build (Maven would skip
     * them without a word).
     *
     * @param root the directory of the root pom
     * @return their paths relative to the root ({@code plugins/metrics}), sorted; empty when there is no
     *         {@code plugins/} directory
     * @throws IllegalStateException as {@link #read(Path)} does
     */
    static List<String> pluginDirectoriesOutsideTheBuild(Path root) {
        Path plugins = root.resolve("plugins");
        if (!Files.isDirectory(plugins)) {
            return List.of();
        }
        Set<String> built = Set.copyOf(read(root).stream().map(Module::path).toList());
        try (Stream<Path> children = Files.list(plugins)) {
            return children.filter(child -> Files.isRegularFile(child.resolve(POM)))
                    .map(child -> relative(
                            root.toAbsolutePath().normalize(),
                            child.toAbsolutePath().normalize()))
                    .filter(path -> !built.contains(path))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + plugins, e);
        }
    }

    private static void collect(Path root, Path directory, List<Module> modules) {
        for (String name : moduleNames(directory.resolve(POM))) {
            Path module = directory.resolve(name).normalize();
            modules.add(new Module(relative(root, module), mainClasses(module.resolve(MAIN_SOURCES))));
            collect(root, module, modules);
        }
    }

    private static List<String> moduleNames(Path pom) {
        if (!Files.isRegularFile(pom)) {
            throw new IllegalStateException("no pom at " + pom + " (a module its parent lists, or the root pom,"
                    + " expected one level above arch-tests/, where the architecture test runs)");
        }
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            Document document = factory.newDocumentBuilder().parse(pom.toFile());
            NodeList nodes = (NodeList) XPathFactory.newInstance()
                    .newXPath()
                    .evaluate("/project/modules/module", document, XPathConstants.NODESET);
            List<String> names = new ArrayList<>();
            for (int i = 0; i < nodes.getLength(); i++) {
                names.add(nodes.item(i).getTextContent().strip());
            }
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + pom, e);
        } catch (ParserConfigurationException | SAXException | XPathExpressionException e) {
            throw new IllegalStateException("cannot read the modules of " + pom, e);
        }
    }

    private static List<String> mainClasses(Path sources) {
        if (!Files.isDirectory(sources)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(sources)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> isClassSource(file.getFileName().toString()))
                    .map(file -> relative(sources, file))
                    .map(path ->
                            path.substring(0, path.length() - ".java".length()).replace('/', '.'))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + sources, e);
        }
    }

    private static boolean isClassSource(String fileName) {
        return fileName.endsWith(".java")
                && !fileName.equals("package-info.java")
                && !fileName.equals("module-info.java");
    }

    private static String relative(Path base, Path path) {
        return base.relativize(path).toString().replace('\\', '/');
    }
}
