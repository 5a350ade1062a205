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
    expect(result).toEqual({ totals: { passed: 3, failed: 1, skipped: 1 }, failures: ['lint'], interrupted: null });
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
            { status: 'failed', assertionResults: [{ status: 'skipped' }, { status: 'skipped' }] },
            { status: 'failed', assertionResults: [{ status: 'failed' }, { status: 'passed' }] },
            { status: 'passed', assertionResults: [{ status: 'passed' }] },
          ],
        }),
      );
      expect(countVitest(file)).toEqual({ passed: 4, failed: 2, skipped: 5 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
