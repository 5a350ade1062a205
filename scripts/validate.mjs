// `npm test` / `npm run validate`: lint, typecheck, unit, integration and e2e, in that order (the
// epic-stack `validate` idea). Every step runs even if an earlier one failed, so one run shows every
// problem; the last line counts the tests as 'N passed, N failed'.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'guildhall-validate-'));
const only = process.argv.slice(2);

const steps = [
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.json'] },
  { name: 'unit', cmd: ['npx', 'vitest', 'run', '--project', 'unit', '--project', 'web-components', '--reporter=default', '--reporter=json', `--outputFile.json=${out}/unit.json`], report: 'vitest', file: 'unit.json' },
  { name: 'integration', cmd: ['npx', 'vitest', 'run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${out}/integration.json`], report: 'vitest', file: 'integration.json' },
  { name: 'build', cmd: ['npm', 'run', 'build'] },
  { name: 'e2e', cmd: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json` }, report: 'playwright', file: 'e2e.json' },
].filter((s) => only.length === 0 || only.includes(s.name) || (s.name === 'build' && only.includes('e2e')));

function countVitest(file) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function countPlaywright(file) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const s = r.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0, flaky: s.flaky ?? 0 };
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
for (const step of steps) {
  const started = Date.now();
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  const result = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (step.report) {
    const file = path.join(out, step.file);
    if (fs.existsSync(file)) {
      const c = step.report === 'vitest' ? countVitest(file) : countPlaywright(file);
      totals.passed += c.passed;
      totals.failed += c.failed;
      totals.skipped += c.skipped;
      const flaky = c.flaky ? ` (${c.flaky} passed only on a retry: flaky)` : '';
      console.log(`--- ${step.name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${flaky} (${seconds}s)`);
    }
  } else {
    console.log(`--- ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds}s)`);
  }
  if (result.status !== 0) failures.push(step.name);
}

console.log(`\nvalidate: ${failures.length ? `failed steps: ${failures.join(', ')}` : 'all steps passed'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
