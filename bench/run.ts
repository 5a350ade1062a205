// `npm run bench -- <name>`: runs one benchmark (or all), each printing its figures beside its
// targets (ARCHITECTURE.md §7). Benchmarks are never timed tests.
const benches: Record<string, () => Promise<{ default: () => Promise<void> }>> = {
  checker: () => import('./checker'),
  bureau: () => import('./bureau'),
  appointments: () => import('./appointments'),
  recruitment: () => import('./recruitment'),
  timetable: () => import('./timetable'),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length ? wanted : Object.keys(benches);
for (const name of names) {
  const load = benches[name];
  if (!load) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(benches).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n## ${name}`);
  await (await load()).default();
}
export {};
