import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False while React takes over a prerendered page (decision 0035), true from then on and at once on
 * a page React draws itself. A form's submit button waits for it, so a press before the page's code
 * has run does not send the form the browser's own way (a GET, the password in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** The value a named field holds in the page, typed there before React took the form over. */
export function fieldValue(form: HTMLFormElement | null, name: string): string {
  const field = form?.elements.namedItem(name);
  return field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.value : '';
}
