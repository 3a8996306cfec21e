package dev.switchboard.ports.summary;

import java.util.List;
import java.util.Objects;

/**
 * One plugin's overview for the server's owner: a titled table of plain text cells (the renderer escapes them; a cell
 * holds no markup), the number of items left out past the asked limit, and what those items are called. Immutable.
 *
 * @param title   the section's heading, such as {@code Handoff projects}
 * @param columns the column headings, at least one
 * @param rows    the rows, each with exactly as many cells as there are columns; empty when there is nothing to show
 * @param more    how many items (in {@code unit}) were left out past the limit, {@code >= 0}
 * @param unit    what an item is, plural, for "and {@code more} more {@code unit}", such as {@code projects}
 */
public record SummarySection(String title, List<String> columns, List<List<String>> rows, long more, String unit) {

    /**
     * Copies the lists.
     *
     * @throws NullPointerException     if a component or a cell is null
     * @throws IllegalArgumentException if there are no columns, a row's width differs from the columns', or
     *                                  {@code more} is negative
     */
    public SummarySection {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(unit, "unit");
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
        checkTable(columns, rows, more);
    }

    /**
     * The shape rule every section table keeps (this record's and {@link BoardSection}'s).
     *
     * @throws IllegalArgumentException if there are no columns, a row's width differs from the columns', or
     *                                  {@code more} is negative
     */
    static void checkTable(List<String> columns, List<? extends List<?>> rows, long more) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a section needs at least one column");
        }
        for (List<?> row : rows) {
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException(
                        "a row has " + row.size() + " cells for " + columns.size() + " columns");
            }
        }
        if (more < 0) {
            throw new IllegalArgumentException("more must not be negative: " + more);
        }
    }
}
