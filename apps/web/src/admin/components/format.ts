/** A stored time as UTC, the same for every owner wherever they are. */
export const formatTime = (ms: number | null) => (ms === null ? '—' : `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`);
