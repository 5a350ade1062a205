// Types for validate.mjs (plain JavaScript: `npm test` runs it with node).
export interface ValidateStep {
  name: string;
  cmd: string[];
  env?: Record<string, string>;
  report?: 'vitest' | 'playwright';
  file?: string;
}
export interface ValidateResult {
  totals: { passed: number; failed: number; skipped: number };
  failures: string[];
  /** 'step: file › test' for each failed (and flaky) test, printed again at the end of the run. */
  failedTests: string[];
  interrupted: NodeJS.Signals | null;
}
export function validateSteps(out: string): ValidateStep[];
export function validate(options?: {
  only?: string[];
  tmpDir?: string;
  steps?: (out: string) => ValidateStep[];
  log?: (line: string) => void;
}): Promise<ValidateResult>;
export function countVitest(file: string): { passed: number; failed: number; skipped: number; failedNames: string[] };
