package dev.switchboard.plugin.handoff.adapter.in.resource;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.Sequence;

/**
 * The resource URI of a handoff: {@code handoff://<canonical project key>/<sequence>}. Immutable.
 *
 * @param project  the project
 * @param sequence the handoff's sequence in it
 */
record HandoffUri(ProjectKey project, Sequence sequence) {

    static final String SCHEME = "handoff://";
    static final String TEMPLATE = SCHEME + "{project}/{sequence}";

    private static final Pattern SHAPE = Pattern.compile("handoff://([^/]{1,200})/([1-9][0-9]{0,17})");

    static Optional<HandoffUri> parse(String uri) {
        Matcher matcher = SHAPE.matcher(uri);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        return ProjectKey.normalize(matcher.group(1))
                .filter(key -> key.value().equals(matcher.group(1)))
                .map(key -> new HandoffUri(key, Sequence.of(Long.parseLong(matcher.group(2)))));
    }

    @Override
    public String toString() {
        return SCHEME + project.value() + "/" + sequence.value();
    }
}
