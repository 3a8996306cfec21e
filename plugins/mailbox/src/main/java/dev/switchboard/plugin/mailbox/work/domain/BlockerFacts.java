package dev.switchboard.plugin.mailbox.work.domain;

/**
 * A message named in {@code blocked_by}, as the rules need it. Immutable.
 *
 * @param id             the id that was named
 * @param found          whether a live (not deleted) message has that id in the channel
 * @param actionRequired whether it is a debt (something can resolve it)
 * @param resolved       whether that debt is resolved already
 */
public record BlockerFacts(long id, boolean found, boolean actionRequired, boolean resolved) {

    /**
     * @param id an id no live message has
     * @return the facts of a missing blocker
     */
    public static BlockerFacts missing(long id) {
        return new BlockerFacts(id, false, false, false);
    }
}
