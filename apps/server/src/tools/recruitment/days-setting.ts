/** Issue 13 items 2, 6: a days setting ('' = none) in milliseconds, or null when unset. */
export function daysSettingMs(value: string): number | null {
  const days = Number.parseInt(value, 10);
  return Number.isFinite(days) && days > 0 ? days * 86_400_000 : null;
}
