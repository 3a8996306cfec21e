package dev.switchboard.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * Every numbered reference in the main and test sources of every module (an ADR, a behaviour, a section, a test's
 * behaviour number) resolves to a document of the repository ({@code docs/adr/}, {@code docs/behaviours.md}), and
 * none cites a project issue, which lives outside it ({@link Citations}).
 */
class CitationsResolveTest {

    private static final Path ROOT = Path.of("..");
    private static final Set<String> SKIPPED_DIRECTORIES = Set.of("target", "node_modules", ".git");
    /** This test and its scanner name citations as examples. */
    private static final Set<String> SELF = Set.of("Citations.java", "CitationsResolveTest.java");
    /** Larger files are data, not sources. */
    private static final long LARGEST = 1 << 20;

    @Test
    void everyCitationInTheSourcesResolvesToADocumentOfTheRepository() throws IOException {
        Citations citations = Citations.of(ROOT.resolve("docs"));
        List<String> unresolved = new ArrayList<>();
        for (Path file : sources()) {
            String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            if (text.indexOf('\0') < 0) {
                citations.unresolved(text).forEach(problem -> unresolved.add(ROOT.relativize(file) + ": " + problem));
            }
        }

        assertThat(unresolved).isEmpty();
    }

    @Test
    void eachKindOfCitationThatDoesNotResolveIsFound() throws IOException {
        Citations citations = Citations.of(ROOT.resolve("docs"));

        assertThat(citations.unresolved("""
                        // ADR 49, ADRs 39 and 60, behaviours 133, 136-139, §1C.2, RFC 9110 §9.1
                        @DisplayName("3C.85 a pin needs consent") @DisplayName("12: a project key")
                        """)).isEmpty();
        assertThat(citations.unresolved("""
                        // ADR 48; behaviours 140-146; §1C.7; issue 23
                        @DisplayName("3A.85 a pin needs consent") @DisplayName("146: nothing")
                        """))
                .containsExactly(
                        "'ADR 48': no docs/adr/0048-*.md",
                        "'behaviours 140-146': no behaviour 146 in docs/behaviours.md",
                        "'§1C.7': no section #s1c-7 in docs/behaviours.md",
                        "'@DisplayName(\"3A.85': behaviour 85 is not in §3A",
                        "'@DisplayName(\"146:': no behaviour 146 in docs/behaviours.md",
                        "'issue 23': issues are not in the repository; say what the code does, or cite the ADR or"
                                + " behaviour");
    }

    /** @return every text file under a module's {@code src/main} or {@code src/test}, build output left out */
    private static List<Path> sources() throws IOException {
        List<Path> sources = new ArrayList<>();
        Files.walkFileTree(ROOT, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) {
                return SKIPPED_DIRECTORIES.contains(String.valueOf(directory.getFileName()))
                        ? FileVisitResult.SKIP_SUBTREE
                        : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (attributes.isRegularFile()
                        && attributes.size() < LARGEST
                        && inSources(file)
                        && !SELF.contains(file.getFileName().toString())) {
                    sources.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return sources;
    }

    private static boolean inSources(Path file) {
        String path = ROOT.relativize(file).toString().replace('\\', '/');
        return path.contains("/src/main/") || path.contains("/src/test/");
    }
}
