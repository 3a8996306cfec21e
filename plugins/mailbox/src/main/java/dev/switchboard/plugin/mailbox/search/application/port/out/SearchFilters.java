package dev.switchboard.plugin.mailbox.search.application.port.out;

/**
 * The structural filters of {@code search_messages}, each null when not given; validated by the use case.
 *
 * @param fromRole only messages by this role
 * @param toRole   only messages addressed to this role (any recipient of a multi-recipient message)
 * @param kind     only messages of this kind ({@code bug}, {@code feat}, ...)
 * @param status   only debts in this status ({@code open} or {@code resolved})
 */
public record SearchFilters(String fromRole, String toRole, String kind, String status) {

    /** No filter. */
    public static final SearchFilters NONE = new SearchFilters(null, null, null, null);
}
