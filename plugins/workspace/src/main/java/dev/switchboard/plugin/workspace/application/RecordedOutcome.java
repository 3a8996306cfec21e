package dev.switchboard.plugin.workspace.application;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

import dev.switchboard.plugin.workspace.application.port.out.Receipt;
import dev.switchboard.plugin.workspace.application.port.out.ReceiptFacts;
import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * What a retry gets from a durable receipt when the original answer is no longer in memory: a key reused with other
 * arguments is {@link Code#REQUEST_KEY_CONFLICT}; a call started but never finished (the server died) is
 * {@link Code#OUTCOME_UNCERTAIN}; a failed call is its failure code again; a completed call is a
 * {@code RECORDED_OUTCOME} answer with the receipt's metadata, without the original output (and without a full-output
 * path an earlier version recorded in the state directory). Stateless.
 */
final class RecordedOutcome {

    private RecordedOutcome() {}

    static void checkSame(String recorded, String fingerprint, String requestKey) {
        if (!recorded.equals(fingerprint)) {
            throw new WorkspaceException(
                    Code.REQUEST_KEY_CONFLICT,
                    "request_key '" + requestKey + "' was already"
                            + " used in this workspace with different arguments; nothing was run. Use a new key for a new"
                            + " operation",
                    Map.of("request_key", requestKey));
        }
    }

    /**
     * @param currentOutput whether a recorded full-output path is one of today's output files (others are left out)
     */
    static Answer replay(Receipt receipt, String fingerprint, String requestKey, Predicate<String> currentOutput) {
        checkSame(receipt.fingerprint(), fingerprint, requestKey);
        if (receipt.status().equals("started")) {
            throw new WorkspaceException(
                    Code.OUTCOME_UNCERTAIN,
                    "request_key '" + requestKey + "' was dispatched"
                            + " before the server stopped, and its outcome is unknown; it was not run again. Check the"
                            + " effects before retrying with a new key",
                    Map.of(
                            "request_key",
                            requestKey,
                            "status",
                            "uncertain",
                            "replayed",
                            true,
                            "effects_may_have_occurred",
                            true));
        }
        ReceiptFacts facts = receipt.facts();
        if (facts.code() != null) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("status", receipt.status());
            details.put("replayed", true);
            details.put("recorded", "RECORDED_OUTCOME");
            if (facts.exitCode() != null) {
                details.put("exit_code", facts.exitCode());
            }
            String orphans = "";
            if (receipt.orphansKilled() != null) {
                details.put("orphans_killed", receipt.orphansKilled());
                details.put("effects_may_have_occurred", true);
                orphans = " (the server died while it ran; its processes were " + receipt.orphansKilled() + ")";
            }
            throw new WorkspaceException(
                    Code.valueOf(facts.code()),
                    "request_key '" + requestKey + "' was already" + " dispatched and ended with " + facts.code()
                            + orphans + "; it was not run again",
                    details);
        }
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("status", receipt.status());
        structured.put("replayed", true);
        structured.put("code", "RECORDED_OUTCOME");
        structured.put("tool", receipt.tool());
        structured.put("workspace_id", receipt.workspaceId());
        structured.put("cwd", facts.cwd());
        structured.put("changed_paths", facts.changedPaths());
        structured.put("revision", facts.revision());
        structured.put("exit_code", facts.exitCode());
        structured.put("failure_code", facts.code());
        structured.put("full_output_path", currentOutput.test(facts.fullOutputPath()) ? facts.fullOutputPath() : null);
        return Answer.of(
                "request_key '" + requestKey + "' was already dispatched (" + receipt.tool() + ", "
                        + receipt.status() + " at " + receipt.updatedAt()
                        + "); it was not run again. The original output"
                        + " is no longer held; the recorded receipt is in structuredContent.",
                structured);
    }
}
