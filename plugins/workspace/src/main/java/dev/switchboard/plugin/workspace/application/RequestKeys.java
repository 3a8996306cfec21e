package dev.switchboard.plugin.workspace.application;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.plugin.workspace.application.port.out.Receipt;
import dev.switchboard.plugin.workspace.application.port.out.ReceiptFacts;
import dev.switchboard.plugin.workspace.application.port.out.ReceiptStore;
import dev.switchboard.plugin.workspace.domain.CanonicalJson;
import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.Revision;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * Makes calls with a request key safe to retry. A key is scoped to its workspace; its fingerprint covers the tool
 * and all arguments. The first call writes a durable intent receipt before it dispatches; a retry with the same key
 * and arguments gets the live call's answer (still running), the cached answer (last {@value #CACHED}), or the
 * durable receipt ({@code RECORDED_OUTCOME}; {@link Code#OUTCOME_UNCERTAIN} when the process died mid-call), and
 * never dispatches twice, even after the workspace was closed or the server restarted. Different arguments give
 * {@link Code#REQUEST_KEY_CONFLICT}. Thread-safe.
 */
@Singleton
public final class RequestKeys {

    /** How many completed answers are kept in memory for replay. */
    static final int CACHED = 64;

    private static final Logger LOG = LoggerFactory.getLogger(RequestKeys.class);

    private record Live(String fingerprint, CompletableFuture<Answer> answer) {}

    private final ReceiptStore store;
    private final Gate gate;
    private final Map<String, Live> live = new ConcurrentHashMap<>();
    private final Map<String, Live> done = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Live> eldest) {
            return size() > CACHED;
        }
    };

    @Inject
    RequestKeys(ReceiptStore store, Gate gate) {
        this.store = store;
        this.gate = gate;
    }

    /**
     * @param workspaceId the workspace the key is scoped to
     * @param requestKey  the caller's key
     * @param tool        the tool name
     * @param arguments   all the call's arguments
     * @param work        the call itself; run at most once per key
     * @param facts       the metadata to record about the call's answer
     * @return the answer, marked {@code replayed} when it was not dispatched now
     * @throws WorkspaceException {@link Code#BRIDGE_STOPPED} during shutdown, before the key is claimed
     */
    public Answer once(
            String workspaceId,
            String requestKey,
            String tool,
            Map<String, Object> arguments,
            Supplier<Answer> work,
            Function<Answer, ReceiptFacts> facts) {
        gate.check();
        String id = receiptId(workspaceId, requestKey);
        Map<String, Object> whole = new LinkedHashMap<>(arguments);
        whole.put("tool", tool);
        String fingerprint = Revision.sha256Hex(CanonicalJson.of(whole).getBytes(StandardCharsets.UTF_8));
        Live mine = new Live(fingerprint, new CompletableFuture<>());
        Live earlier;
        synchronized (done) {
            earlier = done.get(id);
            if (earlier == null) {
                earlier = live.putIfAbsent(id, mine);
            }
        }
        if (earlier != null) {
            RecordedOutcome.checkSame(earlier.fingerprint(), fingerprint, requestKey);
            return replay(earlier.answer());
        }
        try {
            Optional<Receipt> recorded = store.claim(
                    new Receipt(id, workspaceId, fingerprint, tool, "started", ReceiptFacts.NONE, null, null));
            Answer answer = recorded.isPresent()
                    ? RecordedOutcome.replay(recorded.get(), fingerprint, requestKey)
                    : dispatch(id, work, facts);
            mine.answer().complete(answer);
            return answer;
        } catch (RuntimeException e) {
            mine.answer().completeExceptionally(e);
            throw e;
        } finally {
            synchronized (done) {
                live.remove(id);
                if (!refusedBeforeDispatch(mine.answer())) {
                    done.put(id, mine);
                }
            }
        }
    }

    /**
     * @param workspaceId the workspace the key is scoped to
     * @param requestKey  the caller's key
     * @return the id of the key's receipt: 64 lowercase hex digits
     */
    static String receiptId(String workspaceId, String requestKey) {
        return Revision.sha256Hex(CanonicalJson.of(List.of("owner", CanonicalJson.of(List.of(workspaceId, requestKey))))
                .getBytes(StandardCharsets.UTF_8));
    }

    /** A retry joins the first call: its answer, or its refusal, marked as replayed. */
    private static Answer replay(CompletableFuture<Answer> first) {
        try {
            return first.join().with("replayed", true);
        } catch (CompletionException e) {
            if (e.getCause() instanceof WorkspaceException refusal) {
                Map<String, Object> details = new LinkedHashMap<>(refusal.details());
                details.put("replayed", true);
                throw new WorkspaceException(refusal.code(), refusal.getMessage(), details);
            }
            throw e;
        }
    }

    /**
     * The ids of the calls running now; their {@code started} receipts are not uncertain and must be kept.
     *
     * @return a snapshot
     */
    Set<String> liveIds() {
        return Set.copyOf(live.keySet());
    }

    /**
     * Waits until no call with a request key is running (each has recorded its outcome), or the deadline passes.
     *
     * @param deadlineNanos {@link System#nanoTime()} to give up at
     * @return whether every call settled
     */
    boolean awaitSettled(long deadlineNanos) {
        while (!live.isEmpty()) {
            if (System.nanoTime() - deadlineNanos >= 0) {
                return false;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /** Refused before anything ran (no workspace, or shutting down): the key stays free and nothing is cached. */
    private static boolean refusedBeforeDispatch(CompletableFuture<Answer> answer) {
        return answer.isCompletedExceptionally()
                && answer.exceptionNow() instanceof WorkspaceException refusal
                && notDispatched(refusal);
    }

    /** A refusal that means nothing ran, so the key stays free (not remembered for replay). */
    private static boolean notDispatched(WorkspaceException refusal) {
        return refusal.code() == Code.WORKSPACE_EXPIRED
                || refusal.code() == Code.BRIDGE_STOPPED
                || refusal.code() == Code.UNAVAILABLE;
    }

    private Answer dispatch(String id, Supplier<Answer> work, Function<Answer, ReceiptFacts> facts) {
        Answer answer;
        try {
            answer = work.get();
        } catch (WorkspaceException e) {
            if (notDispatched(e)) {
                // Refused before anything ran: the key stays free, and the caller learns to open a workspace.
                store.release(id);
                throw e;
            }
            finish(
                    id,
                    "failed",
                    new ReceiptFacts(null, List.of(), null, e.code().name(), null, null));
            throw e;
        }
        finish(id, answer.error() == null ? "completed" : "failed", facts.apply(answer));
        return answer;
    }

    /**
     * Records the outcome; a database too busy to take it does not turn a call that ran into a failure: the caller
     * gets its answer (and a retry in this process replays it), and the receipt stays {@code started}, so after a
     * restart the key answers {@link Code#OUTCOME_UNCERTAIN}, which is then the truth.
     */
    private void finish(String id, String status, ReceiptFacts facts) {
        try {
            store.finish(id, status, facts);
        } catch (WorkspaceException e) {
            if (e.code() != Code.UNAVAILABLE) {
                throw e;
            }
            LOG.warn("the outcome of request {} was not recorded (the database is busy): {}", id, e.getMessage());
        }
    }
}
