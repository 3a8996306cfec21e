package dev.switchboard.ports.resource;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResourceTemplateDescriptorTest {

    private static final ResourceTemplateDescriptor INBOX =
            new ResourceTemplateDescriptor("mailbox://{channel}/inbox/{role}", "inbox", null, null, null);

    @Test
    void aUriWithOneSegmentPerVariableMatches() {
        assertThat(INBOX.matches("mailbox://proj/inbox/dev")).isTrue();
    }

    @Test
    void aUriWithAnotherLiteralAnEmptyOrASlashedVariableDoesNotMatch() {
        assertThat(INBOX.matches("mailbox://proj/outbox/dev")).isFalse();
        assertThat(INBOX.matches("mailbox://proj/inbox/")).isFalse();
        assertThat(INBOX.matches("mailbox://proj/inbox/dev/x")).isFalse();
        assertThat(INBOX.matches("handoff://proj/1")).isFalse();
    }

    @Test
    void regexCharactersInTheTemplateAreLiterals() {
        ResourceTemplateDescriptor dotted = new ResourceTemplateDescriptor("a.b://{x}", "d", null, null, null);
        assertThat(dotted.matches("a.b://1")).isTrue();
        assertThat(dotted.matches("aXb://1")).isFalse();
    }
}
