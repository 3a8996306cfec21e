package dev.switchboard.kernel.tools;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;

import com.networknt.schema.Error;

/**
 * The error list the JSON Schema validator fills during one validation, bounded: it keeps the first few violations
 * and only counts the others, and stops the validation once that many were found that no client needs more (one
 * argument with a million duplicate items would otherwise produce a million error objects and a response of hundreds
 * of megabytes). {@link #size()} counts every violation seen, so the validator's own bookkeeping stays right; indexes
 * past the kept ones read the last kept one. Not thread-safe: one per validation.
 */
final class ViolationList extends AbstractList<Error> {

    /** Thrown from {@link #add} to stop the validation; carries no stack trace. */
    static final class Enough extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Enough() {
            super("enough violations", null, false, false);
        }
    }

    private final int kept;
    private final int stopAfter;
    private final List<Error> errors = new ArrayList<>();
    private int seen;

    /**
     * @param kept      how many violations are kept for the answer
     * @param stopAfter how many are counted before the validation is stopped
     */
    ViolationList(int kept, int stopAfter) {
        this.kept = kept;
        this.stopAfter = stopAfter;
    }

    @Override
    public boolean add(Error error) {
        seen++;
        if (errors.size() < kept) {
            errors.add(error);
        }
        if (seen >= stopAfter) {
            throw new Enough();
        }
        return true;
    }

    @Override
    public Error get(int index) {
        return errors.get(Math.min(index, errors.size() - 1));
    }

    @Override
    public int size() {
        return seen;
    }

    /** @return the kept violations, in the order found */
    List<Error> kept() {
        return List.copyOf(errors);
    }

    /** @return how many violations were found beyond the kept ones (a lower bound once stopped) */
    int omitted() {
        return seen - errors.size();
    }

    /** @return whether the validation was stopped before it saw every violation */
    boolean stopped() {
        return seen >= stopAfter;
    }
}
