package dev.switchboard.plugin.workspace.adapter.in.summary;

import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.pf4j.Extension;

import dev.switchboard.plugin.workspace.application.CommandActivity;
import dev.switchboard.plugin.workspace.application.CommandActivity.Command;
import dev.switchboard.plugin.workspace.application.WorkspaceRegistry;
import dev.switchboard.plugin.workspace.application.WorkspaceRegistry.OpenView;
import dev.switchboard.plugin.workspace.application.port.out.ActivitySignal;
import dev.switchboard.ports.summary.ActionResult;
import dev.switchboard.ports.summary.ActionableCount;
import dev.switchboard.ports.summary.BoardCell;
import dev.switchboard.ports.summary.BoardSection;
import dev.switchboard.ports.summary.StateSummary;
import dev.switchboard.ports.summary.SummarySection;

/**
 * The workspace's state on the owner's board (ADR 28, ADR 67): the open workspaces of this process, and its running
 * and recent {@code bash} commands with their status, start, duration and exit code; a running command carries the
 * owner's {@value #ABORT} action. Everything is read from memory (a restart forgets it), so nothing here touches the
 * store; changes are signalled on {@value ActivitySignal#TOPIC}. No actionable counter. Thread-safe.
 */
@Extension
@Singleton
public final class WorkspaceStateSummary implements StateSummary {

    /** The board action that aborts a running command; its target is the command's id. */
    public static final String ABORT = "workspace.abort";

    static final List<String> WORKSPACE_COLUMNS = List.of("Workspace", "Directory", "Opened", "Calls in progress");
    static final List<String> COMMAND_COLUMNS =
            List.of("Workspace", "Command", "Status", "Started", "Duration", "Exit code", "");

    private final WorkspaceRegistry registry;
    private final CommandActivity activity;

    @Inject
    WorkspaceStateSummary(WorkspaceRegistry registry, CommandActivity activity) {
        this.registry = registry;
        this.activity = activity;
    }

    @Override
    public SummarySection overview(int limit) {
        List<OpenView> open = registry.openWorkspaces();
        List<List<String>> rows = new ArrayList<>();
        for (OpenView workspace : open.subList(0, Math.min(limit, open.size()))) {
            rows.add(List.of(
                    workspace.id(),
                    workspace.cwd().toString(),
                    workspace.openedAt().toString(),
                    Integer.toString(workspace.activeCalls())));
        }
        return new SummarySection(
                "Open workspaces", WORKSPACE_COLUMNS, rows, Math.max(0, open.size() - limit), "workspaces");
    }

    @Override
    public List<BoardSection> sections(int limit) {
        List<OpenView> open = registry.openWorkspaces();
        List<List<BoardCell>> workspaces = new ArrayList<>();
        for (OpenView workspace : open.subList(0, Math.min(limit, open.size()))) {
            workspaces.add(List.of(
                    BoardCell.text(workspace.id()),
                    BoardCell.text(workspace.cwd().toString()),
                    new BoardCell.Time(workspace.openedAt()),
                    BoardCell.text(Integer.toString(workspace.activeCalls()))));
        }
        CommandActivity.Snapshot commands = activity.snapshot();
        List<Command> all = new ArrayList<>(commands.running());
        all.addAll(commands.recent());
        List<List<BoardCell>> rows = new ArrayList<>();
        for (Command command : all.subList(0, Math.min(limit, all.size()))) {
            rows.add(row(command));
        }
        return List.of(
                new BoardSection(
                        "Open workspaces",
                        WORKSPACE_COLUMNS,
                        workspaces,
                        Math.max(0, open.size() - limit),
                        "workspaces"),
                new BoardSection(
                        "Workspace commands", COMMAND_COLUMNS, rows, Math.max(0, all.size() - limit), "commands"));
    }

    private static List<BoardCell> row(Command command) {
        boolean running = command.duration() == null;
        return List.of(
                BoardCell.text(command.workspaceId()),
                BoardCell.text(command.command()),
                BoardCell.text(command.status()),
                new BoardCell.Time(command.startedAt()),
                BoardCell.text(running ? "" : command.duration().toMillis() + " ms"),
                BoardCell.text(
                        command.exitCode() == null ? "" : command.exitCode().toString()),
                running ? new BoardCell.Action(ABORT, command.id(), "Abort") : BoardCell.text(""));
    }

    @Override
    public List<String> changeTopics() {
        return List.of(ActivitySignal.TOPIC);
    }

    @Override
    public ActionResult perform(String action, String target) {
        if (!ABORT.equals(action)) {
            return ActionResult.UNKNOWN;
        }
        return activity.abort(target) ? ActionResult.DONE : ActionResult.GONE;
    }

    @Override
    public List<ActionableCount> actionable() {
        return List.of();
    }
}
