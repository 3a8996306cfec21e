package dev.switchboard.kernel.storage;

import java.util.List;

/**
 * What a finished copy moved, verified: every table of the target, in the order it was filled, with the row count and
 * checksum found equal on both sides.
 *
 * @param source where the rows came from (a file path)
 * @param target where they went (a JDBC URL without credentials)
 * @param tables the tables
 */
public record CopyReport(String source, String target, List<CopiedTable> tables) {

    public CopyReport {
        tables = List.copyOf(tables);
    }

    /**
     * One table, verified.
     *
     * @param name     its name
     * @param rows     how many rows, on both sides
     * @param checksum the SHA-256 of its rows in primary-key order, equal on both sides
     */
    public record CopiedTable(String name, long rows, String checksum) {}
}
