import type { EventBus, EventBusLog } from './event-bus';

/**
 * Decision 0042: publishes a change that has already committed. A bus that cannot carry it (a refused
 * NOTIFY, a listener that throws on the in-process bus) is logged, never thrown: the change stands,
 * and answering it as an error would have the caller make it a second time. The bus then has every
 * process's live views read afresh and open streams re-check their access (decision 0047).
 */
export async function publishKeptChange(
  events: Pick<EventBus, 'publish'>,
  log: Pick<EventBusLog, 'warn'> | null,
  topic: string,
  change: unknown,
): Promise<void> {
  try {
    await events.publish(topic, change);
  } catch (error) {
    log?.warn({ err: error, topic, change }, 'change kept but not published');
  }
}
