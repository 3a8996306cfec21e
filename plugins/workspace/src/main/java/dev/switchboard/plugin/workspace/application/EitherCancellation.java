package dev.switchboard.plugin.workspace.application;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.switchboard.ports.call.Cancellation;

/**
 * The cancellation of one command: raised when its call is cancelled, when its workspace closes or when the owner aborts it from the board. Each registered
 * action runs at most once; {@link #close()} unhooks the actions from the workspace when the command has ended.
 * Thread-safe.
 */
final class EitherCancellation implements Cancellation, AutoCloseable {

    private final Cancellation call;
    private final Workspace workspace;
    private final RaisedOnce abort;
    private final List<Runnable> hooks = new CopyOnWriteArrayList<>();

    EitherCancellation(Cancellation call, Workspace workspace, RaisedOnce abort) {
        this.call = call;
        this.workspace = workspace;
        this.abort = abort;
    }

    @Override
    public boolean isCancelled() {
        return call.isCancelled() || workspace.cancellation().isCancelled() || abort.isCancelled();
    }

    @Override
    public void onCancel(Runnable action) {
        AtomicBoolean ran = new AtomicBoolean();
        Runnable once = () -> {
            if (ran.compareAndSet(false, true)) {
                action.run();
            }
        };
        hooks.add(once);
        call.onCancel(once);
        workspace.cancellation().onCancel(once);
        abort.onCancel(once);
    }

    @Override
    public void close() {
        hooks.forEach(workspace::forget);
        hooks.forEach(abort::forget);
    }
}
