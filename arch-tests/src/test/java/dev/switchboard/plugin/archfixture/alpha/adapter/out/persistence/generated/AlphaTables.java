package dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence.generated;

/** Stands in for a generated jOOQ table class. */
public final class AlphaTables {

    private AlphaTables() {}

    /**
     * Names the fixture's table. A method, not a constant: javac would copy a constant into its users and leave no
     * dependency for the rule to see.
     *
     * @return the table name
     */
    public static String alphaThing() {
        return "alpha_thing";
    }
}
