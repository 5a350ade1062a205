import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// ARCHITECTURE.md §3 "fonts": the same @fontsource faces as the web app, read from the installed
// packages and inlined as data URLs, so a document never fetches anything (no CDN, 001 §7 is not copied).
const FONT_SHEETS = [
  '@fontsource/noto-sans/400.css',
  '@fontsource/noto-sans/700.css',
  '@fontsource/noto-sans-thai/400.css',
  '@fontsource/noto-sans-thai/700.css',
];

/**
 * The font stack documents use: Latin, Cyrillic, Greek, Vietnamese, Devanagari from Noto Sans; Thai
 * from Noto Sans Thai. Emoji fall back to the system's Noto Color Emoji (Debian's
 * fonts-noto-color-emoji, installed by scripts/install-system-deps.sh; about 10 MB, too large to
 * inline into every document); without it they print as empty boxes and nothing else changes.
 */
export const DOCUMENT_FONT_FAMILY = "'Noto Sans', 'Noto Sans Thai', sans-serif";

let cached: string | null = null;

/**
 * @font-face rules for every subset, each src a base64 woff2. Chromium only decodes the subsets
 * whose unicode-range a page uses, and the PDF embeds only the glyphs printed.
 */
export function documentFontFaces(): string {
  if (cached !== null) return cached;
  const require = createRequire(import.meta.url);
  const sheets = FONT_SHEETS.map((sheet) => {
    const file = require.resolve(sheet);
    const css = fs.readFileSync(file, 'utf8');
    return css.replace(/src:\s*url\(\.\/files\/([^)]+\.woff2)\)\s*format\('woff2'\)[^;]*;/g, (_m, name: string) => {
      const data = fs.readFileSync(path.join(path.dirname(file), 'files', name)).toString('base64');
      return `src: url(data:font/woff2;base64,${data}) format('woff2');`;
    });
  });
  cached = sheets.join('\n').replace(/font-display:\s*swap;/g, 'font-display: block;');
  return cached;
}
