package dev.switchboard.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.ports.tool.ErrorCode;

/**
 * Every error code a tool can return is listed in {@code docs/error-codes.md} with its meaning: the shared codes
 * (the {@link ErrorCode} constants) in the first table, and each plugin's own codes (its {@code ErrorCode} constants,
 * such as handoff's {@code HandoffCodes}, and workspace's {@link Code} enum, whose constant names it sends as codes)
 * in the plugin's section or the first table.
 */
class ErrorCodesDocumentedTest {

    private static final Path DOC = Path.of("..", "docs", "error-codes.md");
    /** {@code | `CODE` | meaning ... |}: a table row naming a code, and the rest of its cells. */
    private static final Pattern ROW = Pattern.compile("^\\| `([A-Z][A-Z0-9_]+)` \\|(.*)\\|\\s*$");

    /** A plugin's doc section (by a word of its heading), root package, and enum of codes if it has one. */
    private record PluginCodes(String heading, String rootPackage, Class<? extends Enum<?>> codeEnum) {}

    private static final List<PluginCodes> PLUGINS = List.of(
            new PluginCodes("Handoff", "dev.switchboard.plugin.handoff", null),
            new PluginCodes("Workspace", "dev.switchboard.plugin.workspace", Code.class),
            new PluginCodes("Mailbox", "dev.switchboard.plugin.mailbox", null),
            new PluginCodes("Conformance fixture", "dev.switchboard.plugin.conformance.fixture", null));

    @Test
    void everySharedCodeIsInTheFirstTableWithItsMeaning() throws IOException {
        Map<String, Map<String, String>> sections = sections();

        assertThat(sections.get(""))
                .containsKeys(constantsOf(List.of(ErrorCode.class)).toArray(String[]::new));
        assertThat(sections.get(""))
                .allSatisfy((code, meaning) -> assertThat(meaning).as(code).isNotBlank());
    }

    @Test
    void everyPluginsCodesAreInItsSectionOrTheFirstTableWithTheirMeaning() throws IOException {
        Map<String, Map<String, String>> sections = sections();

        for (PluginCodes plugin : PLUGINS) {
            Set<String> codes = codesOf(plugin);
            Map<String, String> documented = new LinkedHashMap<>(sections.get(""));
            sections.forEach((heading, rows) -> {
                if (heading.contains(plugin.heading())) {
                    documented.putAll(rows);
                }
            });
            assertThat(codes).as("codes of %s", plugin.heading()).isNotEmpty();
            for (String code : codes) {
                assertThat(documented)
                        .as("%s's code %s in %s", plugin.heading(), code, DOC)
                        .containsKey(code);
                assertThat(documented.get(code)).as("meaning of %s", code).isNotBlank();
            }
        }
    }

    private static Set<String> codesOf(PluginCodes plugin) {
        Set<String> codes = new TreeSet<>();
        if (plugin.codeEnum() != null) {
            Stream.of(plugin.codeEnum().getEnumConstants()).forEach(constant -> codes.add(constant.name()));
        }
        List<Class<?>> classes = new ArrayList<>();
        for (JavaClass type : new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(plugin.rootPackage())) {
            classes.add(type.reflect());
        }
        codes.addAll(constantsOf(classes));
        return codes;
    }

    /** @return the values of the static {@link ErrorCode} fields of the classes */
    private static Set<String> constantsOf(List<Class<?>> classes) {
        Set<String> codes = new TreeSet<>();
        for (Class<?> type : classes) {
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) && field.getType() == ErrorCode.class) {
                    try {
                        field.setAccessible(true);
                        codes.add(((ErrorCode) field.get(null)).value());
                    } catch (IllegalAccessException e) {
                        throw new AssertionError("cannot read " + type.getName() + "." + field.getName(), e);
                    }
                }
            }
        }
        return codes;
    }

    /** @return the document's code rows by section heading ({@code ""} before the first {@code ##}): code to cells */
    private static Map<String, Map<String, String>> sections() throws IOException {
        Map<String, Map<String, String>> sections = new LinkedHashMap<>();
        String heading = "";
        sections.put(heading, new LinkedHashMap<>());
        for (String line : Files.readAllLines(DOC)) {
            if (line.startsWith("## ")) {
                heading = line.substring(3);
                sections.put(heading, new LinkedHashMap<>());
            }
            Matcher row = ROW.matcher(line);
            if (row.matches()) {
                sections.get(heading)
                        .put(row.group(1), row.group(2).replace("|", " ").strip());
            }
        }
        return sections;
    }
}
