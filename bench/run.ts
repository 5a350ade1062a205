// `npm run bench -- <name>`: runs one benchmark (or all), each printing its figures beside its
// targets (ARCHITECTURE.md §7). Benchmarks are never timed tests.
import os from 'node:os';
import { loadAverage, removeTempDirs } from './support';

const benches: Record<string, () => Promise<{ default: () => Promise<void> }>> = {
  checker: () => import('./checker'),
  bureau: () => import('./bureau'),
  'bureau-search': () => import('./bureau-search'),
  appointments: () => import('./appointments'),
  recruitment: () => import('./recruitment'),
  timetable: () => import('./timetable'),
  pdf: () => import('./pdf'),
  startup: () => import('./startup'),
  web: () => import('./web'),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length ? wanted : Object.keys(benches);
const unknown = names.filter((name) => !benches[name]);
if (unknown.length) {
  console.error(`unknown benchmark "${unknown.join('", "')}"; known: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
for (const name of names) {
  const load = benches[name]!;
  console.log(`\n## ${name}`);
  // Other work on the machine (tests, builds) skews every figure: say how busy it was.
  console.log(`load average at start: ${loadAverage()} (${os.cpus().length} cores)`);
  try {
    await (await load()).default();
  } finally {
    removeTempDirs();
    console.log(`load average at end:   ${loadAverage()}`);
  }
}
export {};
