package dev.switchboard.plugin.archfixture.alpha.domain;

/**
 * A domain value of the fixture plugin.
 *
 * @param name its name
 */
public record AlphaThing(String name) {}
