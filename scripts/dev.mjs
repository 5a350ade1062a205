// `npm run dev`: the server (restarting on change) and Vite's dev server with hot reload, side by
// side. Open the Vite address it prints; API calls are forwarded to the server (apps/web/vite.config.ts).
import { spawn } from 'node:child_process';

const serverPort = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: serverPort },
  }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts'], {
    stdio: 'inherit',
    env: { ...process.env, GUILDHALL_SERVER_URL: `http://127.0.0.1:${serverPort}` },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
