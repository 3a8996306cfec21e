package dev.switchboard.arch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The numbered references a source file cites, and which of them resolve to a document of the repository: an ADR
 * ({@code ADR 49}, {@code ADRs 39 and 60}) to its file in {@code docs/adr/}; a behaviour ({@code behaviour 85},
 * {@code behaviours 133, 136-139}, a test's {@code @DisplayName("3C.85 ...")} or {@code @DisplayName("85: ...")}) and a
 * section ({@code §1C.2}; not an RFC's) to their anchors in {@code docs/behaviours.md}. A project issue
 * ({@code issue 23}) never resolves: issues live outside the repository, so a comment says what the code does
 * instead. Immutable; thread-safe.
 */
final class Citations {

    private static final String NUMBERS = "\\d+(?:\\s*[-–]\\s*\\d+)?(?:\\s*(?:,|and)\\s*\\d+(?:\\s*[-–]\\s*\\d+)?)*";
    private static final Pattern ADR = Pattern.compile("\\bADRs?\\s+(" + NUMBERS + ")");
    private static final Pattern BEHAVIOUR = Pattern.compile("\\b[Bb]ehaviou?rs?\\s+(" + NUMBERS + ")");
    private static final Pattern SECTION = Pattern.compile("(?<!RFC \\d{3,5} )§\\s?(\\d[A-Z]?(?:\\.\\d+)?)");
    private static final Pattern DISPLAY_NAME = Pattern.compile("@DisplayName\\(\\s*\"(?:(3[ABC])\\.(\\d+)|(\\d+):)");
    private static final Pattern ISSUE = Pattern.compile("\\b[Ii]ssues?\\s+#?\\d+");
    private static final Pattern CONTINUATION = Pattern.compile("\\R\\s*(?:\\*|//|#)?[ \\t]*");
    private static final Pattern NUMBER = Pattern.compile("(\\d+)(?:\\s*[-–]\\s*(\\d+))?");
    private static final Pattern ANCHOR = Pattern.compile("<a id=\"([a-z0-9-]+)\"");
    private static final Pattern ADR_FILE = Pattern.compile("^(\\d{4})-.*\\.md$");

    private final Set<Integer> adrs;
    private final Set<String> anchors;

    private Citations(Set<Integer> adrs, Set<String> anchors) {
        this.adrs = adrs;
        this.anchors = anchors;
    }

    /**
     * @param docs the repository's {@code docs} directory
     * @return the citations that resolve there
     * @throws IOException if {@code docs/adr} or {@code docs/behaviours.md} cannot be read
     */
    static Citations of(Path docs) throws IOException {
        Set<Integer> adrs = new TreeSet<>();
        try (Stream<Path> files = Files.list(docs.resolve("adr"))) {
            files.map(file -> ADR_FILE.matcher(file.getFileName().toString()))
                    .filter(Matcher::matches)
                    .forEach(adr -> adrs.add(Integer.parseInt(adr.group(1))));
        }
        Set<String> anchors = new TreeSet<>();
        Matcher anchor = ANCHOR.matcher(Files.readString(docs.resolve("behaviours.md")));
        while (anchor.find()) {
            anchors.add(anchor.group(1));
        }
        return new Citations(Set.copyOf(adrs), Set.copyOf(anchors));
    }

    /**
     * @param source a source file's text
     * @return each citation of it that does not resolve, with the reason, in the order they stand
     */
    List<String> unresolved(String source) {
        // a citation may wrap onto a comment's next line
        String text = CONTINUATION.matcher(source).replaceAll(" ");
        List<String> unresolved = new ArrayList<>();
        Matcher adr = ADR.matcher(text);
        while (adr.find()) {
            for (int number : numbers(adr.group(1))) {
                if (!adrs.contains(number)) {
                    unresolved.add("'" + adr.group() + "': no docs/adr/" + String.format("%04d", number) + "-*.md");
                }
            }
        }
        Matcher behaviour = BEHAVIOUR.matcher(text);
        while (behaviour.find()) {
            for (int number : numbers(behaviour.group(1))) {
                if (!anchors.contains("b" + number)) {
                    unresolved.add("'" + behaviour.group() + "': no behaviour " + number + " in docs/behaviours.md");
                }
            }
        }
        Matcher section = SECTION.matcher(text);
        while (section.find()) {
            String id = "s" + section.group(1).toLowerCase(Locale.ROOT).replace('.', '-');
            if (!anchors.contains(id)) {
                unresolved.add("'" + section.group() + "': no section #" + id + " in docs/behaviours.md");
            }
        }
        Matcher name = DISPLAY_NAME.matcher(text);
        while (name.find()) {
            String group = name.group(1);
            int number = Integer.parseInt(group != null ? name.group(2) : name.group(3));
            if (!anchors.contains("b" + number)) {
                unresolved.add("'" + name.group() + "': no behaviour " + number + " in docs/behaviours.md");
            } else if (group != null && !inGroup(group, number)) {
                unresolved.add("'" + name.group() + "': behaviour " + number + " is not in §" + group);
            }
        }
        Matcher issue = ISSUE.matcher(text);
        while (issue.find()) {
            unresolved.add("'" + issue.group() + "': issues are not in the repository; say what the code does, or"
                    + " cite the ADR or behaviour");
        }
        return unresolved;
    }

    /** @return the numbers of {@code 133, 136-139 and 141}, ranges spelled out */
    private static List<Integer> numbers(String list) {
        List<Integer> numbers = new ArrayList<>();
        Matcher number = NUMBER.matcher(list);
        while (number.find()) {
            int from = Integer.parseInt(number.group(1));
            int to = number.group(2) == null ? from : Integer.parseInt(number.group(2));
            for (int n = from; n <= Math.max(from, to); n++) {
                numbers.add(n);
            }
        }
        return numbers;
    }

    /** The behaviours' groups, as {@code docs/behaviours.md} states them: §3A 1-35, §3B 36-77, §3C 78-145. */
    private static boolean inGroup(String group, int number) {
        return switch (group) {
            case "3A" -> number >= 1 && number <= 35;
            case "3B" -> number >= 36 && number <= 77;
            default -> number >= 78 && number <= 145;
        };
    }
}
