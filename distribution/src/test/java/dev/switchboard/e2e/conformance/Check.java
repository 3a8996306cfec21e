package dev.switchboard.e2e.conformance;

import tools.jackson.databind.JsonNode;

/**
 * One check of one scenario, as the suite writes it to {@code checks.json}.
 *
 * @param scenario     the scenario's name, such as {@code tools-call-simple-text}
 * @param id           the check's id
 * @param status       {@code SUCCESS}, {@code FAILURE}, {@code WARNING} or {@code INFO}
 * @param errorMessage why it failed or warned, or empty
 * @param details      the check's details object (missing node when absent)
 */
public record Check(String scenario, String id, String status, String errorMessage, JsonNode details) {

    /** @return a one-line description for failure messages */
    public String describe() {
        return scenario + " / " + id + ": " + status + (errorMessage.isEmpty() ? "" : " - " + errorMessage);
    }
}
