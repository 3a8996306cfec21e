package dev.switchboard.kernel.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Validation work and its report are bounded whatever the client sends: the replay of one 6.2 MiB handoff with
 * 1,300,000 duplicate tags, which once produced one error entry per duplicate (a 265 MiB answer, 1.8 GB of memory).
 */
class ArgumentValidatorLimitsTest {

    private static final String TAGS_SCHEMA = """
            {"type": "object", "properties": {
              "tags": {"type": "array", "maxItems": 32, "uniqueItems": true,
                "items": {"type": "string", "minLength": 1, "maxLength": 64}}}}""";

    private final ArgumentValidator validator = new ArgumentValidator();

    @Test
    void aMillionDuplicateTagsGetAHandfulOfViolationsAndACountWithinBoundedMemory() {
        ArgumentValidator.Compiled schema = validator.compile("publish", TAGS_SCHEMA);
        Map<String, Object> arguments = Map.of("tags", Collections.nCopies(1_300_000, "architecture"));
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        long started = System.nanoTime();

        List<ArgumentValidator.Violation> violations = validator.validate(schema, arguments);

        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(violations).hasSizeLessThanOrEqualTo(ArgumentValidator.REPORTED + 1);
        assertThat(violations.getFirst().field()).startsWith("tags");
        assertThat(violations.toString().length()).isLessThan(4_096);
        assertThat(allocated).as("bytes allocated while validating").isLessThan(64L * 1024 * 1024);
        assertThat(System.nanoTime() - started).as("nanoseconds").isLessThan(10_000_000_000L);
    }

    @Test
    void violationsBeyondTheReportedOnesAreCountedInOneMore() {
        ArgumentValidator.Compiled schema = validator.compile("publish", TAGS_SCHEMA);
        List<String> tags = java.util.stream.IntStream.range(0, 40)
                .mapToObj(i -> i % 2 == 0 ? "" : "x".repeat(65))
                .toList();

        List<ArgumentValidator.Violation> violations = validator.validate(schema, Map.of("tags", tags));

        assertThat(violations).hasSize(ArgumentValidator.REPORTED + 1);
        assertThat(violations.getLast().message()).matches("and \\d+ more violations not listed \\(the first 5 are\\)");
    }
}
