package dev.switchboard.plugin.archfixture.alpha;

/** Breaks {@code no_class_throws_generic_exceptions}: a failure that says nothing about its kind. */
final class AlphaThrowsGeneric {

    void fail() {
        throw new RuntimeException("something went wrong");
    }
}
