// Types for check-node-version.mjs (plain JavaScript: it runs before `npm ci`, without tsx).
export function minimumNodeVersion(range: string): [number, number, number];
export function nodeVersionProblem(current: string, range: string): string | null;
