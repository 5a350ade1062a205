/**
 * Issue 12 item 4: whether this process should be sent new traffic. On SIGTERM main.ts calls
 * `drain()`: `/readyz` answers 503 from then on, so a load balancer moves traffic away during the
 * grace period, and whoever holds long-lived connections (the records event stream) hears it through
 * `onDrain` and sends its clients elsewhere.
 */
export class Readiness {
  private isDraining = false;
  private readonly listeners = new Set<() => void>();
  private readonly services: Array<() => void> = [];

  get draining(): boolean {
    return this.isDraining;
  }

  /** Starts draining (once); every listener hears it. */
  drain(): void {
    if (this.isDraining) return;
    this.isDraining = true;
    for (const listener of [...this.listeners]) listener();
    this.listeners.clear();
    for (const service of this.services.splice(0)) service();
  }

  /**
   * For a service of the process (the job worker) rather than a connection: called once when
   * draining starts, and not counted in `openStreams`.
   */
  onDrainStopService(stop: () => void): void {
    if (this.isDraining) stop();
    else this.services.push(stop);
  }

  /**
   * Issue 12 item 5 (/metrics): long-lived connections waiting to be sent elsewhere on drain, i.e.
   * the event streams open now (each registers with `onDrain` until it ends).
   */
  get openStreams(): number {
    return this.listeners.size;
  }

  /** Calls `listener` when draining starts, at once if it already has; answers the function that stops listening. */
  onDrain(listener: () => void): () => void {
    if (this.isDraining) {
      listener();
      return () => undefined;
    }
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}
