package dev.switchboard.plugin.mailbox.search.domain;

import java.util.List;

/**
 * The {@code snippet} of a hit: about {@value #WIDTH} characters of the body around the first occurrence of a term the
 * hit contains (or of the topic, when only the topic has one), every occurrence of such a term inside it marked
 * {@code [like this]}, whitespace runs as one space, {@code …} where text was cut. The same on every backend and
 * both paths. Stateless.
 */
public final class Snippet {

    /** About how many characters of text a snippet shows, markers and ellipses not counted. */
    public static final int WIDTH = 120;

    private static final int BEFORE = 40;

    private Snippet() {}

    /**
     * @param root  the query the hit matched
     * @param topic the hit's topic
     * @param body  the hit's body
     * @return the snippet; the start of the body when no term occurs in a text that folds to the same length
     */
    public static String of(QueryNode root, String topic, String body) {
        List<String> terms = root.positiveTerms().stream()
                .map(term -> Fold.fold(term.text()))
                .toList();
        int bodyHit = firstHit(terms, body);
        int topicHit = bodyHit >= 0 ? -1 : firstHit(terms, topic);
        String text = topicHit >= 0 ? topic : body;
        int hit = Math.max(Math.max(bodyHit, topicHit), 0);
        int start = Math.max(0, hit - BEFORE);
        int end = Math.min(text.length(), start + WIDTH);
        start = Math.max(0, Math.min(start, end - WIDTH));
        start = alignStart(text, start);
        end = alignEnd(text, end);
        StringBuilder snippet = new StringBuilder();
        if (start > 0) {
            snippet.append('…');
        }
        snippet.append(marked(text.substring(start, end), terms));
        if (end < text.length()) {
            snippet.append('…');
        }
        return oneSpaced(snippet).strip();
    }

    /** @return {@code text} with every run of regex {@code \\s} characters ({@code [ \t\n\x0B\f\r]}) as one space */
    private static String oneSpaced(CharSequence text) {
        StringBuilder out = new StringBuilder(text.length());
        boolean space = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean white = c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
            if (!white) {
                out.append(c);
            } else if (!space) {
                out.append(' ');
            }
            space = white;
        }
        return out.toString();
    }

    /** @return the index of the first occurrence of any term in {@code text}, or -1 */
    private static int firstHit(List<String> terms, String text) {
        String folded = Fold.fold(text);
        if (folded.length() != text.length()) {
            return -1;
        }
        int first = -1;
        for (String term : terms) {
            int at = folded.indexOf(term);
            if (at >= 0 && (first < 0 || at < first)) {
                first = at;
            }
        }
        return first;
    }

    private static String marked(String window, List<String> terms) {
        String folded = Fold.fold(window);
        if (folded.length() != window.length()) {
            return window;
        }
        StringBuilder out = new StringBuilder(window.length() + 8);
        int at = 0;
        while (at < window.length()) {
            int best = -1;
            int bestLength = 0;
            for (String term : terms) {
                int found = folded.indexOf(term, at);
                if (found >= 0 && (best < 0 || found < best || (found == best && term.length() > bestLength))) {
                    best = found;
                    bestLength = term.length();
                }
            }
            if (best < 0) {
                break;
            }
            out.append(window, at, best)
                    .append('[')
                    .append(window, best, best + bestLength)
                    .append(']');
            at = best + bestLength;
        }
        return out.append(window, at, window.length()).toString();
    }

    private static int alignStart(String text, int index) {
        return index > 0 && index < text.length() && Character.isLowSurrogate(text.charAt(index)) ? index - 1 : index;
    }

    private static int alignEnd(String text, int index) {
        return index > 0 && index < text.length() && Character.isLowSurrogate(text.charAt(index)) ? index + 1 : index;
    }
}
