package dev.switchboard.kernel.config;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/**
 * The candidate nearest to a misspelt word by Levenshtein distance (insertions, deletions and substitutions of one
 * character each cost 1), for "did you mean ..." in messages. Ties go to the candidate that sorts first. A dozen
 * lines of our own rather than commons-text, whose two jars would join the class path of every start, the attach
 * client's and the hooks' included. Stateless.
 */
public final class Closest {

    private Closest() {}

    /**
     * @param word       the word as given
     * @param candidates the known words
     * @return the known word nearest to {@code word}; empty when there are no candidates
     */
    public static Optional<String> to(String word, Collection<String> candidates) {
        return candidates.stream()
                .min(Comparator.<String>comparingInt(candidate -> distance(word, candidate))
                        .thenComparing(Comparator.naturalOrder()));
    }

    /**
     * @param a one word
     * @param b another
     * @return the Levenshtein distance between them
     */
    public static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
