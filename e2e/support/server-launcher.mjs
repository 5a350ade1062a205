// Runs the real server (apps/server/src/main.ts) for an e2e stack, with one addition: when the
// process that started it goes away (its end of our stdin closes, even on a crash or kill -9), the
// server shuts itself down through its own SIGTERM handler, so no orphan keeps a port or temp dir.
import { pathToFileURL } from 'node:url';

const main = process.argv[2];
if (!main) {
  console.error('usage: node --import tsx server-launcher.mjs <path to main.ts>');
  process.exit(2);
}
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.on('error', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
await import(pathToFileURL(main).href);
