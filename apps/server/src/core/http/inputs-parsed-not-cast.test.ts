import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 11 item 5, decision 0013: every input is parsed with a shared contract (`parseInput`), never
// cast into its type. A cast reads whatever a client sent as if it had the shape, so a hostile value
// reaches the service unchecked. This reads every server source file and refuses a cast of a request's
// body, query, params or headers, however it is spelled (`request.query as ...`, `(req.body as X).y`).

const SERVER_SRC = path.resolve(__dirname, '../..');
const CAST = /\b(?:request|req)\s*\.\s*(?:body|query|params|headers)\s*\)*\s*as\b/g;

/** The `file:line: text` of every cast of a request input in `text`. */
function findInputCasts(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CAST)) {
    const line = text.slice(0, match.index).split('\n').length;
    found.push(`${file}:${line}: ${text.split('\n')[line - 1]!.trim()}`);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('request inputs are parsed, never cast', () => {
  it('finds the casts it is meant to refuse', () => {
    const casts = [
      'const query = request.query as Record<string, unknown>;',
      'return safeReturnTo((request.query as Record<string, unknown>).returnTo);',
      'const { file } = request.params as { file: string };',
      'const body = req.body as Body;',
      'const auth = (request.headers) as Headers;',
    ];
    for (const line of casts) expect(findInputCasts('x.ts', line), line).toHaveLength(1);
    expect(findInputCasts('x.ts', 'const { file } = parseInput(FeedFileParams, request.params);')).toEqual([]);
  });

  it('no server source file casts request.body, query, params or headers', () => {
    const casts = sourceFiles(SERVER_SRC).flatMap((file) => findInputCasts(path.relative(SERVER_SRC, file), fs.readFileSync(file, 'utf8')));
    expect(casts, 'parse these with parseInput(Contract, value) instead').toEqual([]);
  });
});
