import {
  DndContext,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  PointerSensor,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BoardCard, BoardColumn, Stage } from '@guildhall/contracts/recruitment';
import { Spinner } from '@/ui/spinner';
import { StatusCard } from '@/ui/status-card';
import { Tag } from '@/ui/tag';
import { useToast } from '@/ui/toast';
import { useBoard } from '../api/get-board';
import { useStages } from '../api/get-stages';
import { recruitmentKeys } from '../api/keys';
import { useUpdateApplication } from '../api/update-application';
import { KeyboardSensorKeepingEarlyKeys } from '../lib/keyboard-sensor-keeping-early-keys';
import { updateFailureText } from '../lib/messages';
import { ApplicantAvatar } from './applicant-avatar';

const statusTone = { Pending: 'warning', Accepted: 'success', Declined: 'danger' } as const;
const columnId = (stageId: number | null) => `stage-${stageId ?? 'none'}`;

/** A stage a card can move to, as the board's own answer names it. */
type BoardStage = Pick<Stage, 'id' | 'name'>;
const stageKey = (stages: BoardStage[]) => stages.map((s) => `${s.id}:${s.name}`).join('\n');

/**
 * The keyboard moves a picked-up card a whole column at a time (left/right arrows) instead of
 * dnd-kit's default 25 px steps: the card's top-left goes to the top of the next column.
 */
const columnKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { context: { droppableRects, droppableContainers, collisionRect } },
) => {
  const step =
    event.code === 'ArrowRight' || event.code === 'ArrowDown' ? 1 : event.code === 'ArrowLeft' || event.code === 'ArrowUp' ? -1 : 0;
  if (!step || !collisionRect) return undefined;
  event.preventDefault();
  const columns = droppableContainers
    .getEnabled()
    .map((c) => droppableRects.get(c.id))
    .filter((rect): rect is NonNullable<typeof rect> => Boolean(rect))
    .sort((a, b) => a.left - b.left);
  const centre = collisionRect.left + collisionRect.width / 2;
  const here = columns.findIndex((rect) => centre >= rect.left && centre <= rect.left + rect.width);
  const target = columns[(here === -1 ? 0 : here) + step];
  if (!target) return undefined;
  return { x: target.left + (target.width - collisionRect.width) / 2, y: target.top + 48 };
};

/**
 * Issue 13 item 4: the pipeline board, one column per stage (000 §3 order). Moving a card, by
 * dragging it or from the keyboard (focus it, Space, left/right arrows, Space; Escape cancels), or
 * with its own stage menu, is a stage change through 000 §7's update call: the same rules (000 §4
 * status from the stage name) and the same audit trail as the card's 'Change Stage...'.
 */
export function PipelineBoard() {
  const board = useBoard();
  const cachedStages = useStages();
  const update = useUpdateApplication();
  const client = useQueryClient();
  const toast = useToast();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensorKeepingEarlyKeys, { coordinateGetter: columnKeyboardCoordinates }),
  );
  // Issue 13 item 4: the board's answer (staleTime 0) is fresher than the
  // stage list (cached 30 s), so the board moves cards to its own columns' stages. When the two
  // disagree (another admin added, renamed or removed a stage), the list is asked for again, so the
  // list's stage menus and bulk move offer the stages the board shows.
  const stages: BoardStage[] = (board.data?.columns ?? []).flatMap((c) => (c.stageId === null ? [] : [{ id: c.stageId, name: c.name }]));
  const stagesDiffer = board.data !== undefined && cachedStages.data !== undefined && stageKey(stages) !== stageKey(cachedStages.data);
  useEffect(() => {
    if (stagesDiffer) void client.invalidateQueries({ queryKey: recruitmentKeys.stages });
  }, [stagesDiffer, client]);
  if (board.isPending) return <Spinner label="Loading the board" showLabel />;
  if (board.isError)
    return (
      <StatusCard tone="danger" title="Could not load the board">
        <p>{board.error.message}</p>
      </StatusCard>
    );
  const columns = board.data.columns;
  const cardById = (id: unknown) => columns.flatMap((c) => c.cards).find((card) => `app-${card.id}` === id);
  const columnById = (id: unknown) => columns.find((c) => columnId(c.stageId) === id);

  // Issue 13 item 4: the drop's announcement and the move read the drop the same way, so the
  // live region never says a card moved when no move was sent; the toast then tells how it ended.
  const dropOf = (activeId: unknown, overId: unknown) => {
    const card = cardById(activeId);
    const column = columnById(overId);
    return card && column?.stageId != null ? { card, stage: { id: column.stageId, name: column.name } } : undefined;
  };
  const isMove = (card: BoardCard, stage: BoardStage) => card.stageId !== stage.id;

  const move = (card: BoardCard, stage: BoardStage) => {
    if (!isMove(card, stage)) return;
    update.mutate(
      // Decision 0058: the stage this board showed, so a colleague's move since is not undone unseen.
      { id: card.id, body: { stageId: stage.id, expectedStageId: card.stageId } },
      {
        onSuccess: () => toast({ title: `${card.username} moved to ${stage.name}.`, tone: 'success' }),
        onError: (error) => toast({ title: updateFailureText(error), tone: 'danger' }),
        onSettled: () => client.invalidateQueries({ queryKey: recruitmentKeys.board }),
      },
    );
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const drop = dropOf(active.id, over?.id);
    if (drop) move(drop.card, drop.stage);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={rectIntersection}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To move this application to another stage, press Space, then the left and right arrow keys to choose the stage, and Space to drop it. Escape cancels.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up the application of ${cardById(active.id)?.username ?? 'an applicant'}.`,
          onDragOver: ({ over }) => (over ? `Over the stage ${columnById(over.id)?.name ?? ''}.` : 'Not over a stage.'),
          onDragEnd: ({ active, over }) => {
            const drop = dropOf(active.id, over?.id);
            if (!drop) return 'Dropped outside the board; nothing changed.';
            return isMove(drop.card, drop.stage)
              ? `Moving the application of ${drop.card.username} to ${drop.stage.name}.`
              : `The application of ${drop.card.username} stays in ${drop.stage.name}; nothing changed.`;
          },
          onDragCancel: () => 'Moving was cancelled; nothing changed.',
        },
      }}
    >
      <div className="recruitment-board" role="list" aria-label="Pipeline board">
        {columns.map((column) => (
          <BoardColumnView key={columnId(column.stageId)} column={column} stages={stages} onMove={move} busy={update.isPending} />
        ))}
      </div>
    </DndContext>
  );
}

function BoardColumnView({
  column,
  stages,
  onMove,
  busy,
}: {
  column: BoardColumn;
  stages: BoardStage[];
  onMove(card: BoardCard, stage: BoardStage): void;
  busy: boolean;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: columnId(column.stageId), disabled: column.stageId === null });
  const headingId = `board-column-${column.stageId ?? 'none'}`;
  return (
    <section
      ref={setNodeRef}
      role="listitem"
      className={`recruitment-board__column${isOver ? ' is-over' : ''}`}
      aria-labelledby={headingId}
      data-stage-id={column.stageId ?? ''}
    >
      <h3 id={headingId} className="recruitment-board__heading">
        <span className="recruitment-swatch" style={{ background: column.color }} aria-hidden="true" />
        <span>{column.name}</span>
        <span className="recruitment-board__count" aria-label={`${column.total} applications`}>
          {column.total}
        </span>
      </h3>
      <ul className="recruitment-board__cards">
        {column.cards.map((card) => (
          <li key={card.id}>
            <BoardCardView card={card} stages={stages} onMove={onMove} busy={busy} />
          </li>
        ))}
      </ul>
      {column.total > column.cards.length && (
        <p className="recruitment-muted">{column.total - column.cards.length} older not shown; the list shows every application.</p>
      )}
    </section>
  );
}

function BoardCardView({
  card,
  stages,
  onMove,
  busy,
}: {
  card: BoardCard;
  stages: BoardStage[];
  onMove(card: BoardCard, stage: BoardStage): void;
  busy: boolean;
}) {
  // Decision 0028: a withdrawn application is no longer moved (the server answers 409); it says so
  // and offers no move, where it looked like any Pending card and failed on drop.
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: `app-${card.id}`,
    disabled: card.withdrawn,
  });
  // Issue 13 item 4: a card whose stage was removed keeps that stage's id,
  // so it is judged against the live stages, not against null: it shows 'No current stage', not the first stage.
  const live = stages.some((s) => s.id === card.stageId);
  return (
    <article
      ref={setNodeRef}
      className={`recruitment-board__card${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform) }}
      data-application-id={card.id}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="recruitment-board__grab"
        {...attributes}
        {...listeners}
        aria-label={`Move the application of ${card.username}`}
      >
        <ApplicantAvatar applicationId={card.id} username={card.username} hasAvatar={card.hasAvatar} size="sm" />
        <span className="recruitment-board__who">
          <strong>{card.username}</strong>
          <span className="recruitment-muted">{card.job}</span>
        </span>
      </button>
      <div className="recruitment-board__meta">
        <Tag tone={statusTone[card.status]}>{card.status}</Tag>
        {card.withdrawn && <Tag tone="neutral">Withdrawn</Tag>}
        <label className="visually-hidden" htmlFor={`board-stage-${card.id}`}>
          Stage of {card.username}
        </label>
        <select
          id={`board-stage-${card.id}`}
          className="ui-field__control recruitment-board__select"
          value={live ? String(card.stageId) : ''}
          disabled={busy || card.withdrawn}
          onChange={(e) => {
            const stage = stages.find((s) => String(s.id) === e.target.value);
            if (stage) onMove(card, stage);
          }}
        >
          {!live && (
            <option value="" disabled>
              No current stage
            </option>
          )}
          {stages.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
    </article>
  );
}
