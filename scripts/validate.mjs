// `npm test` / `npm run validate`: lint, typecheck, unit, integration and e2e, in that order (the
// epic-stack `validate` idea). Every step runs even if an earlier one failed, so one run shows every
// problem; the last line counts the tests as 'N passed, N failed'.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Every step, in order, with its reports written into `out`. */
export function validateSteps(out) {
  return [
    // eslint (boundaries included), prettier --check and knip: the one lint (issue 11 item 6).
    { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
    { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.json'] },
    {
      name: 'unit',
      cmd: [
        'npx',
        'vitest',
        'run',
        '--project',
        'unit',
        '--project',
        'web-components',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${out}/unit.json`,
      ],
      report: 'vitest',
      file: 'unit.json',
    },
    {
      name: 'integration',
      cmd: [
        'npx',
        'vitest',
        'run',
        '--project',
        'integration',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${out}/integration.json`,
      ],
      report: 'vitest',
      file: 'integration.json',
    },
    { name: 'build', cmd: ['npm', 'run', 'build'] },
    {
      name: 'e2e',
      cmd: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json` },
      report: 'playwright',
      file: 'e2e.json',
    },
  ];
}

export function countVitest(file) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const files = r.testResults ?? [];
  // A file that failed outside its tests (a beforeAll, an import) reports its tests as skipped, not
  // failed: count the file as one failure so the closing line never says 0 failed for a red run.
  const broken = files.filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'));
  const where = (f) => path.relative(process.cwd(), f.name ?? '?');
  const failedNames = [
    ...files.flatMap((f) =>
      (f.assertionResults ?? []).filter((a) => a.status === 'failed').map((a) => `${where(f)} › ${a.fullName ?? a.title}`),
    ),
    ...broken.map((f) => `${where(f)} (outside its tests: ${String(f.message ?? '').split('\n')[0]})`),
  ];
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + broken.length,
    skipped: r.numPendingTests + r.numTodoTests,
    failedNames,
  };
}

/** Playwright's JSON report nests suites (file, describe) around specs; each spec's tests carry its outcome. */
function countPlaywright(file) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const s = r.stats ?? {};
  const named = { unexpected: [], flaky: [] };
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        named[test.status]?.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
  };
  for (const suite of r.suites ?? []) walk(suite, []);
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: s.unexpected ?? 0,
    skipped: s.skipped ?? 0,
    flaky: s.flaky ?? 0,
    failedNames: named.unexpected,
    flakyNames: named.flaky,
  };
}

/**
 * Runs the steps (all, or those named in `only`; e2e brings its build), every one even if an earlier
 * one failed. Issue 10 item 26: the report folder is made under `tmpDir` and removed at the end, also
 * when a step fails, a report cannot be read or the run is interrupted (Ctrl-C stops after the step).
 */
export async function validate({ only = [], tmpDir = os.tmpdir(), steps = validateSteps, log = console.log } = {}) {
  const out = fs.mkdtempSync(path.join(tmpDir, 'guildhall-validate-'));
  let interrupted = null;
  const interrupt = (signal) => (interrupted = signal);
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  try {
    const totals = { passed: 0, failed: 0, skipped: 0 };
    const failures = [];
    // Named again at the very end: CI keeps only the tail of a long run's output.
    const failedTests = [];
    for (const step of steps(out).filter(
      (s) => only.length === 0 || only.includes(s.name) || (s.name === 'build' && only.includes('e2e')),
    )) {
      const started = Date.now();
      log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
      const result = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (step.report) {
        const file = path.join(out, step.file);
        if (fs.existsSync(file)) {
          const c = step.report === 'vitest' ? countVitest(file) : countPlaywright(file);
          totals.passed += c.passed;
          totals.failed += c.failed;
          totals.skipped += c.skipped;
          failedTests.push(...c.failedNames.map((name) => `${step.name}: ${name}`));
          failedTests.push(...(c.flakyNames ?? []).map((name) => `${step.name} (flaky, passed on a retry): ${name}`));
          const flaky = c.flaky ? ` (${c.flaky} passed only on a retry: flaky)` : '';
          log(`--- ${step.name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${flaky} (${seconds}s)`);
        }
      } else {
        log(`--- ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds}s)`);
      }
      if (result.status !== 0) failures.push(step.name);
      // A Ctrl-C reaches the step and us; the signal is heard here, between steps.
      await new Promise((resolve) => setImmediate(resolve));
      if (result.signal === 'SIGINT' || result.signal === 'SIGTERM') interrupted ??= result.signal;
      if (interrupted) break;
    }
    return { totals, failures, failedTests, interrupted };
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    fs.rmSync(out, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { totals, failures, failedTests, interrupted } = await validate({ only: process.argv.slice(2) });
  if (failedTests.length) console.log(`\nTests that failed:\n${failedTests.map((name) => `  ${name}`).join('\n')}`);
  const verdict = interrupted
    ? `interrupted (${interrupted})`
    : failures.length
      ? `failed steps: ${failures.join(', ')}`
      : 'all steps passed';
  console.log(`\nvalidate: ${verdict}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(interrupted ? 130 : failures.length ? 1 : 0);
}
