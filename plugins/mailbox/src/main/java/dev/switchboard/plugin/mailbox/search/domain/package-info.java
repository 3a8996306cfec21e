/**
 * The search model of {@code search_messages}, in plain Java: the query grammar of seed-features §1C.2 (bare words
 * AND, {@code "phrase"}, {@code OR}, binary {@code NOT}, parentheses, {@code prefix*}, {@code topic:}/{@code body:}),
 * its limits and refusals, the choice between the trigram index and the scan (terms under 3 characters), the scan's
 * evaluator and the snippet. No framework, no I/O: every type here is an immutable value or a pure function.
 */
package dev.switchboard.plugin.mailbox.search.domain;
