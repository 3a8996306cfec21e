package dev.switchboard.plugin.mailbox.search.domain;

import java.util.List;
import java.util.function.Predicate;

/**
 * The scan's evaluator: whether a message's topic and body satisfy a query, with the index's semantics (every term
 * a case-insensitive literal substring, {@link Fold folded} code point by code point; {@code prefix*} as its text;
 * {@code _}, {@code %} and every other character literal). Built once per query; immutable and thread-safe.
 */
public final class ScanMatcher {

    private record Texts(String topic, String body) {}

    private final Predicate<Texts> predicate;

    private ScanMatcher(Predicate<Texts> predicate) {
        this.predicate = predicate;
    }

    /** @return the evaluator of {@code root} */
    public static ScanMatcher of(QueryNode root) {
        return new ScanMatcher(compile(root));
    }

    /**
     * @param topic a message's topic
     * @param body  its body
     * @return whether the message matches
     */
    public boolean matches(String topic, String body) {
        return predicate.test(new Texts(Fold.fold(topic), Fold.fold(body)));
    }

    private static Predicate<Texts> compile(QueryNode node) {
        return switch (node) {
            case QueryNode.Term term -> {
                String text = Fold.fold(term.text());
                yield switch (term.column()) {
                    case ANY ->
                        texts -> texts.topic().contains(text) || texts.body().contains(text);
                    case TOPIC -> texts -> texts.topic().contains(text);
                    case BODY -> texts -> texts.body().contains(text);
                };
            }
            case QueryNode.All all -> {
                List<Predicate<Texts>> parts =
                        all.parts().stream().map(ScanMatcher::compile).toList();
                yield texts -> parts.stream().allMatch(part -> part.test(texts));
            }
            case QueryNode.Any any -> {
                List<Predicate<Texts>> parts =
                        any.parts().stream().map(ScanMatcher::compile).toList();
                yield texts -> parts.stream().anyMatch(part -> part.test(texts));
            }
            case QueryNode.Except except ->
                compile(except.kept()).and(compile(except.excluded()).negate());
        };
    }
}
