package dev.switchboard.plugin.workspace.application;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
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
 * as {@code file-line- text}, files in walk order. Thread-safe.
 *
 * <p>Speed: files are first sifted in parallel batches (is there a matching line at all?), then the files that have
 * one are printed in walk order, one at a time, so the output and the limit are exactly those of a sequential scan
 * and at most one file's text is held while printing. A case-sensitive literal (or a pattern without regex
 * metacharacters) is looked for in the raw UTF-8 bytes first, so most files are never decoded. Lines are matched
 * through a region of the file's text ({@link Matcher#region}: anchoring, opaque bounds), which behaves exactly
 * like matching the line alone but allocates no line strings.
 */
public final class SearchText {

    /** Matches when no limit is given. */
    static final int DEFAULT_LIMIT = 100;
    /** Characters shown of one line. */
    static final int MAX_LINE = 500;
    /** Files sifted together; small enough that a low limit wastes little work past the last match printed. */
    private static final int BATCH = 128;

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
    public record Query(
            String pattern,
            String path,
            String glob,
            boolean ignoreCase,
            boolean literal,
            int context,
            Integer limit) {}

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
            Path root = settings.confinement()
                    .admit(
                            query.path() == null
                                    ? workspace.cwd()
                                    : PathResolver.resolve(workspace.cwd(), settings.home(), query.path()));
            Pattern pattern = compile(query);
            Needle needle = query.ignoreCase() ? null : Needle.of(query.pattern(), query.literal());
            int max = query.limit() == null ? DEFAULT_LIMIT : query.limit();
            Path base = Files.isDirectory(root) ? root : root.getParent();
            List<SearchCandidate> files = SearchCandidate.collect(root, query.glob());
            StringBuilder out = new StringBuilder();
            int[] matches = {0};
            boolean cut = false;
            for (int from = 0; from < files.size() && !cut; from += BATCH) {
                List<SearchCandidate> batch = files.subList(from, Math.min(files.size(), from + BATCH));
                List<Boolean> hit = batch.parallelStream()
                        .map(file -> hasMatch(file, pattern, needle))
                        .toList();
                for (int i = 0; i < batch.size() && !cut; i++) {
                    cut = hit.get(i)
                            && !searchFile(batch.get(i), base, pattern, needle, query.context(), max, matches, out);
                }
            }
            String text = matches[0] == 0 ? "No matches found" : out.toString().stripTrailing();
            if (cut) {
                text += "\n\n[" + max + " matches limit reached. Use limit=" + Math.min(1000, max * 2)
                        + " for more, or refine the pattern]";
            }
            Map<String, Object> facts = new LinkedHashMap<>();
            facts.put("path", root.toString());
            facts.put("matches", matches[0]);
            facts.put("truncated", cut);
            facts.put("workspace_id", workspace.id());
            facts.put("cwd", workspace.cwd().toString());
            return Answer.of(text, facts);
        });
    }

    private static boolean hasMatch(SearchCandidate file, Pattern pattern, Needle needle) {
        String text = file.text(needle);
        if (text == null) {
            return false;
        }
        Matcher matcher = pattern.matcher(text);
        TextLines lines = TextLines.of(text);
        for (int i = 0; i < lines.count(); i++) {
            if (matcher.region(lines.start(i), lines.end(i)).find()) {
                return true;
            }
        }
        return false;
    }

    /** @return false when the match limit was reached and the search must stop */
    private static boolean searchFile(
            SearchCandidate file,
            Path base,
            Pattern pattern,
            Needle needle,
            int context,
            int max,
            int[] matches,
            StringBuilder out) {
        String text = file.text(needle);
        if (text == null) {
            return true;
        }
        Matcher matcher = pattern.matcher(text);
        TextLines lines = TextLines.of(text);
        String name = base.relativize(file.path()).toString();
        int printedUpTo = -1;
        for (int i = 0; i < lines.count(); i++) {
            if (!matcher.region(lines.start(i), lines.end(i)).find()) {
                continue;
            }
            if (matches[0] == max) {
                return false;
            }
            matches[0]++;
            for (int c = Math.max(printedUpTo + 1, i - context); c <= Math.min(lines.count() - 1, i + context); c++) {
                boolean hit =
                        c == i || matcher.region(lines.start(c), lines.end(c)).find();
                out.append(name)
                        .append(hit ? ':' : '-')
                        .append(c + 1)
                        .append(hit ? ": " : "- ")
                        .append(cut(lines.line(c)))
                        .append('\n');
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
            throw new WorkspaceException(
                    Code.INVALID_ARGUMENTS,
                    "not a valid regular expression: " + e.getDescription()
                            + " (set literal: true to search for the text as is)",
                    Map.of("pattern", query.pattern()));
        }
    }
}
