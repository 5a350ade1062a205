import 'dotenv/config';
import { runCli } from './cli/run-cli';

// `npm run cli -- <command>`: admin commands (ARCHITECTURE.md §2); see cli/commands.ts.
runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
