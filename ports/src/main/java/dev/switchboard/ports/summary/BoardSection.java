package dev.switchboard.ports.summary;

import java.util.List;
import java.util.Objects;

/**
 * One table of a feature's state on the owner's board: like {@link SummarySection}, with typed cells (text, moments,
 * owner actions). Immutable.
 *
 * @param title   the section's heading, such as {@code Workspace commands}
 * @param columns the column headings, at least one
 * @param rows    the rows, each with exactly as many cells as there are columns; empty when there is nothing to show
 * @param more    how many items (in {@code unit}) were left out past the limit, {@code >= 0}
 * @param unit    what an item is, plural, such as {@code commands}
 */
public record BoardSection(String title, List<String> columns, List<List<BoardCell>> rows, long more, String unit) {

    /**
     * Copies the lists.
     *
     * @throws NullPointerException     if a component or a cell is null
     * @throws IllegalArgumentException if there are no columns, a row's width differs from the columns', or
     *                                  {@code more} is negative
     */
    public BoardSection {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(unit, "unit");
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
        SummarySection.checkTable(columns, rows, more);
    }

    /**
     * @param section a plain-text overview
     * @return the same table, every cell text
     */
    public static BoardSection of(SummarySection section) {
        return new BoardSection(
                section.title(),
                section.columns(),
                section.rows().stream()
                        .map(row -> row.stream().map(BoardCell::text).toList())
                        .toList(),
                section.more(),
                section.unit());
    }
}
