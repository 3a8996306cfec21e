package dev.switchboard.testkit.sample;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** What the sample plugin's service did, in order. Thread-safe. */
public class Journal {

    private final List<String> entries = new CopyOnWriteArrayList<>();

    /** @param entry what happened */
    public void add(String entry) {
        entries.add(entry);
    }

    /** @return everything so far */
    public List<String> entries() {
        return List.copyOf(entries);
    }
}
