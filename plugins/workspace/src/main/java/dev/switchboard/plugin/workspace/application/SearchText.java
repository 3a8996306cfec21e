package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * {@code grep}: lines matching a regular expression (or a literal) in the files under a path (or in one file), with
 * optional case folding, context lines and a file-name glob; binary files (a NUL in the first 8 KiB) and files over
 * 32 MiB are skipped, long lines cut at {@value #MAX_LINE} characters, at most {@code limit} matches (default
 * {@value #DEFAULT_LIMIT}), saying when the limit cut the search. Matches print as {@code file:line: text}, context
 * as {@code file-line- text}. Thread-safe.
 */
public final class SearchText {

    /** Matches when no limit is given. */
    static final int DEFAULT_LIMIT = 100;
    /** Characters shown of one line. */
    static final int MAX_LINE = 500;

    /**
     * What to search for.
     *
     * @param pattern    the regular expression, or the literal text
     * @param path       a directory or file, or null for the workspace's directory
     * @param glob       a file-name glob such as {@code *.java}, or null
     * @param ignoreCase whether case is folded
     * @param literal    whether the pattern is literal text
     * @param context    lines of context around each match (0..20)
     * @param limit      at most this many matches (1..1000), or null
     */
    public record Query(String pattern, String path, String glob, boolean ignoreCase, boolean literal, int context,
                        Integer limit) {
    }

    private final WorkspaceRegistry registry;
    private final WorkspaceSettings settings;

    @Inject
    SearchText(WorkspaceRegistry registry, WorkspaceSettings settings) {
        this.registry = registry;
        this.settings = settings;
    }

    /**
     * @param workspaceId the workspace
     * @param query       what to search for
     * @return the matching lines and {path, matches, truncated}
     */
    public Answer search(String workspaceId, Query query) {
        return registry.within(workspaceId, workspace -> {
            Path root = query.path() == null ? workspace.cwd()
                    : PathResolver.resolve(workspace.cwd(), settings.home(), query.path());
            Pattern pattern = compile(query);
            PathMatcher glob = query.glob() == null ? null : FindFiles.matcher(query.glob());
            int max = query.limit() == null ? DEFAULT_LIMIT : query.limit();
            StringBuilder out = new StringBuilder();
            int[] matches = {0};
            boolean[] cut = {false};
            Path base = Files.isDirectory(root) ? root : root.getParent();
            if (Files.isRegularFile(root)) {
                cut[0] = !searchFile(root, base, pattern, query.context(), max, matches, out);
            } else {
                TreeWalk.walk(root, (entry, attributes) -> {
                    if (!attributes.isRegularFile() || attributes.size() > FileSnapshot.MAX_BYTES
                            || (glob != null && !glob.matches(query.glob().contains("/")
                            ? root.relativize(entry) : entry.getFileName()))) {
                        return true;
                    }
                    boolean more = searchFile(entry, base, pattern, query.context(), max, matches, out);
                    cut[0] = !more;
                    return more;
                });
            }
            String text = matches[0] == 0 ? "No matches found" : out.toString().stripTrailing();
            if (cut[0]) {
                text += "\n\n[" + max + " matches limit reached. Use limit=" + Math.min(1000, max * 2)
                        + " for more, or refine the pattern]";
            }
            Map<String, Object> facts = new LinkedHashMap<>();
            facts.put("path", root.toString());
            facts.put("matches", matches[0]);
            facts.put("truncated", cut[0]);
            facts.put("workspace_id", workspace.id());
            facts.put("cwd", workspace.cwd().toString());
            return Answer.of(text, facts);
        });
    }

    /** @return false when the match limit was reached and the search must stop */
    private static boolean searchFile(Path file, Path base, Pattern pattern, int context, int max, int[] matches,
                                      StringBuilder out) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            return true;
        }
        for (int i = 0; i < Math.min(bytes.length, 8192); i++) {
            if (bytes[i] == 0) {
                return true;
            }
        }
        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\r?\n", -1);
        String name = base.relativize(file).toString();
        int printedUpTo = -1;
        for (int i = 0; i < lines.length; i++) {
            if (!pattern.matcher(lines[i]).find()) {
                continue;
            }
            if (matches[0] == max) {
                return false;
            }
            matches[0]++;
            for (int c = Math.max(printedUpTo + 1, i - context); c <= Math.min(lines.length - 1, i + context); c++) {
                boolean hit = c == i || pattern.matcher(lines[c]).find();
                out.append(name).append(hit ? ':' : '-').append(c + 1).append(hit ? ": " : "- ")
                        .append(cut(lines[c])).append('\n');
                printedUpTo = c;
            }
        }
        return true;
    }

    private static String cut(String line) {
        return line.length() <= MAX_LINE ? line : line.substring(0, MAX_LINE) + "... [line cut]";
    }

    private static Pattern compile(Query query) {
        int flags = query.ignoreCase() ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0;
        try {
            return Pattern.compile(query.literal() ? Pattern.quote(query.pattern()) : query.pattern(), flags);
        } catch (PatternSyntaxException e) {
            throw new WorkspaceException(Code.INVALID_ARGUMENTS, "not a valid regular expression: "
                    + e.getDescription() + " (set literal: true to search for the text as is)",
                    Map.of("pattern", query.pattern()));
        }
    }
}
