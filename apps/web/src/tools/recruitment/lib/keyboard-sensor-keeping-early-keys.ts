import { KeyboardCode, KeyboardSensor, type KeyboardSensorProps } from '@dnd-kit/core';
import { getOwnerDocument } from '@dnd-kit/utilities';

/** The keys dnd-kit's keyboard sensor acts on by default (drop, cancel, the arrows). */
const sensorKeys = new Set<string>(Object.values(KeyboardCode));

/** The sensor's own key handler: private in dnd-kit's types, a plain bound method at run time. */
type KeyHandler = { handleKeyDown(event: KeyboardEvent): void };

/**
 * Decision 0029: dnd-kit's KeyboardSensor (6.3.1, `attach`) listens for keys only from a
 * `setTimeout` after the pick-up, so the Space that picked up, still bubbling, is not read as the
 * drop. A key pressed before that timer runs (a screen reader or a quick hand sending Space then
 * ArrowDown, or any key while the pick-up renders on a slow device) was lost. This sensor holds
 * such keys from the pick-up on and hands them, in order, to the sensor's handler once its own
 * listener is attached (this timer is queued after the sensor's), unless the drag ended meanwhile.
 */
export class KeyboardSensorKeepingEarlyKeys extends KeyboardSensor {
  constructor(props: KeyboardSensorProps) {
    let ended = false;
    super({
      ...props,
      onEnd: () => {
        ended = true;
        props.onEnd();
      },
      onCancel: () => {
        ended = true;
        props.onCancel();
      },
    });
    const document = getOwnerDocument(props.event.target);
    const early: KeyboardEvent[] = [];
    const hold = (event: KeyboardEvent) => {
      if (event === props.event || !sensorKeys.has(event.code)) return;
      // The sensor prevents the defaults of the keys it handles (an arrow must not scroll the page).
      event.preventDefault();
      early.push(event);
    };
    document.addEventListener('keydown', hold);
    setTimeout(() => {
      document.removeEventListener('keydown', hold);
      for (const event of early) if (!ended) (this as unknown as KeyHandler).handleKeyDown(event);
    });
  }
}
