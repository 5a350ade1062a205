import { DndContext, type DragEndEvent, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { KeyboardSensorKeepingEarlyKeys } from '../lib/keyboard-sensor-keeping-early-keys';

interface SortableListProps<T extends { id: number }> {
  items: T[];
  /** What a person calls one item, for the handle's name and the announcements ("stage Interview"). */
  nameOf(item: T): string;
  onReorder(ids: number[]): void;
  renderItem(item: T, index: number): ReactNode;
  label: string;
  disabled?: boolean;
}

/**
 * Issue 13 item 3: a list reordered by dragging its handle or from the keyboard (dnd-kit: focus the
 * handle, Space to pick up, the arrow keys to move, Space to drop, Escape to cancel), with what
 * happens read out. Up and down buttons move an item one place for whoever prefers a click.
 */
export function SortableList<T extends { id: number }>({ items, nameOf, onReorder, renderItem, label, disabled }: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensorKeepingEarlyKeys, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((i) => i.id);
  const nameById = (id: unknown) => {
    const item = items.find((i) => i.id === id);
    return item ? nameOf(item) : 'the item';
  };
  const placeOf = (id: unknown) => ids.indexOf(Number(id)) + 1;
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    onReorder(arrayMove(ids, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable: 'To move an item, press Space. Use the up and down arrow keys to move it, Space to drop it, Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${nameById(active.id)}, place ${placeOf(active.id)} of ${ids.length}.`,
          onDragOver: ({ active, over }) =>
            over ? `${nameById(active.id)} is over place ${placeOf(over.id)} of ${ids.length}.` : undefined,
          onDragEnd: ({ active, over }) =>
            over ? `${nameById(active.id)} dropped at place ${placeOf(over.id)} of ${ids.length}.` : `${nameById(active.id)} dropped.`,
          onDragCancel: ({ active }) => `Moving ${nameById(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ul className="recruitment-list recruitment-sortable" aria-label={label}>
          {items.map((item, index) => (
            <SortableRow
              key={item.id}
              id={item.id}
              name={nameOf(item)}
              first={index === 0}
              last={index === items.length - 1}
              disabled={disabled}
              onUp={() => move(index, index - 1)}
              onDown={() => move(index, index + 1)}
            >
              {renderItem(item, index)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  name,
  first,
  last,
  disabled,
  onUp,
  onDown,
  children,
}: {
  id: number;
  name: string;
  first: boolean;
  last: boolean;
  disabled?: boolean;
  onUp(): void;
  onDown(): void;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <li
      ref={setNodeRef}
      className={`recruitment-sortable__row${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-sortable-id={id}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="recruitment-sortable__handle"
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${name}`}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div className="recruitment-sortable__body">{children}</div>
      <span className="recruitment-sortable__steps">
        <button
          type="button"
          className="recruitment-sortable__step"
          aria-label={`Move ${name} up`}
          disabled={disabled || first}
          onClick={onUp}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className="recruitment-sortable__step"
          aria-label={`Move ${name} down`}
          disabled={disabled || last}
          onClick={onDown}
        >
          <span aria-hidden="true">↓</span>
        </button>
      </span>
    </li>
  );
}
