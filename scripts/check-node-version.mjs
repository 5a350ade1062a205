// Issue 10 item 23: `npm run up` (scripts/up.sh) and CI check the Node.js version before installing
// anything, so an old Node.js gets one sentence instead of npm's EBADENGINE warnings and a failure
// deep inside a native module. It runs before `npm ci`, so it uses no package, and it sticks to syntax
// old Node.js versions still parse (no `??`, no `?.`), or the sentence would never be printed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The lowest version a `>=MAJOR[.MINOR[.PATCH]]` range (package.json engines.node) accepts. */
export function minimumNodeVersion(range) {
  const m = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range);
  if (!m) throw new Error(`engines.node "${range}" is not a ">=MAJOR.MINOR" range (scripts/check-node-version.mjs reads only that form)`);
  return [Number(m[1]), Number(m[2] || 0), Number(m[3] || 0)];
}

/** A sentence saying what is wrong with Node.js `current` (e.g. "18.19.0" or "v18.19.0"), or null when it is new enough. */
export function nodeVersionProblem(current, range) {
  const wanted = minimumNodeVersion(range);
  const have = String(current).replace(/^v/, '').split(/[.+-]/).slice(0, 3).map(Number);
  for (let i = 0; i < 3; i++) {
    if ((have[i] || 0) > wanted[i]) return null;
    if ((have[i] || 0) < wanted[i]) {
      return `Guildhall needs Node.js ${wanted.join('.')} or later (package.json engines.node "${range}"), and this is Node.js ${have.join('.')}: install a newer Node.js (e.g. the current LTS from https://nodejs.org/en/download) and run the command again.`;
    }
  }
  return null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const packageJson = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package.json');
  const problem = nodeVersionProblem(process.versions.node, JSON.parse(fs.readFileSync(packageJson, 'utf8')).engines.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
