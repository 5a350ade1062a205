import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';

/**
 * Component tests load no CSS; a test about layout (a long word wrapping at 390 px, a layer above
 * another) adds the stylesheet the tool ships with: `withStylesheet(import.meta.url, '../pages/x.css')`
 * (not `new URL(path, import.meta.url)` in the test, which Vite rewrites into an asset address).
 * Removed after each test, so the next starts without it.
 */
export function withStylesheet(testFile: string, relativePath: string): void {
  const url = new URL(relativePath, testFile);
  const style = document.createElement('style');
  style.dataset.testStylesheet = '';
  style.textContent = readFileSync(fileURLToPath(url), 'utf8');
  document.head.append(style);
}

afterEach(() => document.head.querySelectorAll('style[data-test-stylesheet]').forEach((s) => s.remove()));
