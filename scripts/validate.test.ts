import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countVitest, validate, type ValidateStep } from './validate.mjs';

// Issue 10 item 26: every `npm test` left a guildhall-validate-* folder (the step reports) in the
// temp dir. Each run here gets a temp dir of its own, so what is left in it is what validate left.
const validateScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'validate.mjs');

describe('validate leaves no report folder behind (issue 10 item 26)', () => {
  let tmpDir: string;
  beforeEach(() => {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'validate-test-'));
  });
  afterEach(() => fs.rmSync(tmpDir, { recursive: true, force: true }));

  it('after a run of `node scripts/validate.mjs` (a selection with no step, the cheapest run)', () => {
    const output = execFileSync(process.execPath, [validateScript, 'no-such-step'], {
      env: { ...process.env, TMPDIR: tmpDir },
      encoding: 'utf8',
    });
    expect(output).toContain('0 passed, 0 failed, 0 skipped');
    expect(fs.readdirSync(tmpDir)).toEqual([]);
  });

  // Steps that are one `node -e` each: what validate does around them is what is under test.
  const node = (code: string) => [process.execPath, '-e', code];
  const writeReport = (file: string, text: string) =>
    node(`require('node:fs').writeFileSync(${JSON.stringify(file)}, ${JSON.stringify(text)})`);
  const quiet = { log: () => undefined };

  it('after steps that pass and fail, with their reports counted', async () => {
    const report = JSON.stringify({ numPassedTests: 3, numFailedTests: 1, numPendingTests: 1, numTodoTests: 0 });
    const steps = (out: string): ValidateStep[] => [
      { name: 'unit', cmd: writeReport(path.join(out, 'unit.json'), report), report: 'vitest', file: 'unit.json' },
      { name: 'lint', cmd: node('process.exit(3)') },
    ];
    const result = await validate({ tmpDir, steps, ...quiet });
    expect(result).toEqual({ totals: { passed: 3, failed: 1, skipped: 1 }, failures: ['lint'], failedTests: [], interrupted: null });
    expect(fs.readdirSync(tmpDir)).toEqual([]);
  });

  it('when a report cannot be read', async () => {
    const steps = (out: string): ValidateStep[] => [
      { name: 'unit', cmd: writeReport(path.join(out, 'unit.json'), '{"cut off'), report: 'vitest', file: 'unit.json' },
    ];
    await expect(validate({ tmpDir, steps, ...quiet })).rejects.toThrow(SyntaxError);
    expect(fs.readdirSync(tmpDir)).toEqual([]);
  });

  it('when a step is interrupted, and runs no step after it', async () => {
    const steps = (): ValidateStep[] => [
      { name: 'integration', cmd: node("process.kill(process.pid, 'SIGINT')") },
      { name: 'e2e', cmd: node('process.exit(9)') },
    ];
    const result = await validate({ tmpDir, steps, ...quiet });
    expect(result.interrupted).toBe('SIGINT');
    expect(result.failures).toEqual(['integration']);
    expect(fs.readdirSync(tmpDir)).toEqual([]);
  });
});

describe('the closing line counts what failed', () => {
  it('counts a test file that failed outside its tests (a beforeAll) as a failure, not as 0 failed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'validate-count-'));
    try {
      const file = path.join(dir, 'integration.json');
      fs.writeFileSync(
        file,
        JSON.stringify({
          numPassedTests: 4,
          numFailedTests: 1,
          numPendingTests: 5,
          numTodoTests: 0,
          testResults: [
            {
              name: path.join(process.cwd(), 'a.int.test.ts'),
              status: 'failed',
              message: 'beforeAll timed out\n  at line 3',
              assertionResults: [{ status: 'skipped' }, { status: 'skipped' }],
            },
            {
              name: path.join(process.cwd(), 'b.int.test.ts'),
              status: 'failed',
              assertionResults: [
                { status: 'failed', fullName: 'SIGTERM finishes a PDF' },
                { status: 'passed', fullName: 'drains' },
              ],
            },
            { name: path.join(process.cwd(), 'c.test.ts'), status: 'passed', assertionResults: [{ status: 'passed' }] },
          ],
        }),
      );
      expect(countVitest(file)).toEqual({
        passed: 4,
        failed: 2,
        skipped: 5,
        failedNames: ['b.int.test.ts › SIGTERM finishes a PDF', 'a.int.test.ts (outside its tests: beforeAll timed out)'],
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// CI keeps only the tail of a run's output, so validate names the failed and flaky tests again at the end.
describe('the failed tests are named', () => {
  it('from a Playwright report: failed and flaky specs with file, line and titles', async () => {
    const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'validate-names-'));
    try {
      const report = JSON.stringify({
        stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
        suites: [
          {
            title: 'board.spec.ts',
            specs: [{ title: 'moves a card', file: 'board.spec.ts', line: 12, tests: [{ status: 'flaky' }] }],
            suites: [
              {
                title: 'on a phone',
                specs: [
                  { title: 'fits', file: 'board.spec.ts', line: 30, tests: [{ status: 'unexpected' }] },
                  { title: 'scrolls', file: 'board.spec.ts', line: 40, tests: [{ status: 'expected' }] },
                ],
              },
            ],
          },
        ],
      });
      const out = (dir: string): ValidateStep[] => [
        {
          name: 'e2e',
          cmd: [
            process.execPath,
            '-e',
            `require('node:fs').writeFileSync(${JSON.stringify(path.join(dir, 'e2e.json'))}, ${JSON.stringify(report)})`,
          ],
          report: 'playwright',
          file: 'e2e.json',
        },
      ];
      const result = await validate({ tmpDir, steps: out, log: () => undefined });
      expect(result.totals).toEqual({ passed: 2, failed: 1, skipped: 0 });
      expect(result.failedTests).toEqual([
        'e2e: board.spec.ts:30 › on a phone › fits',
        'e2e (flaky, passed on a retry): board.spec.ts:12 › moves a card',
      ]);
    } finally {
      fs.rmSync(tmpDir, { recursive: true, force: true });
    }
  });
});
