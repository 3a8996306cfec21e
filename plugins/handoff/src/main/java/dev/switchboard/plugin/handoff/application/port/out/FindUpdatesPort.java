package dev.switchboard.plugin.handoff.application.port.out;

/** Lists a consumer's pending handoffs. */
public interface FindUpdatesPort {

    /**
     * Reads, in one consistent snapshot, the consumer's cursor, the project's latest sequence and the summaries of
     * the handoffs the query selects, in ascending sequence order. Changes nothing.
     *
     * @param query what to list
     * @return the page
     */
    UpdatesPage find(UpdatesQuery query);
}
