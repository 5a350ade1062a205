import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Issue 11 item 1: the boundary rule in eslint.config.js refuses a tool importing another tool, core
// importing a tool, the web importing server code and contracts importing anything but zod, however
// the import is spelled. Each case is linted at a real file path, and every import names a file that
// exists, because the rule judges the file an import resolves to.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

const serverTool = 'apps/server/src/tools/timetable/boundary-probe.ts';
const webTool = 'apps/web/src/tools/timetable/boundary-probe.tsx';
const serverCore = 'apps/server/src/core/seed/boundary-probe.ts';
const webShell = 'apps/web/src/shell/boundary-probe.tsx';
const contracts = 'packages/contracts/src/boundary-probe.ts';

const refused: Array<[kind: string, file: string, source: string, says: RegExp]> = [
  [
    'server tool -> tool, relative',
    serverTool,
    "import { registerBureauRoutes } from '../bureau/routes';",
    /never imports another tool \(timetable -> bureau\)/,
  ],
  ['server tool -> tool, deep', serverTool, "import { bureauTool } from '../../tools/bureau/index';", /another tool/],
  [
    'server tool -> tool, package name',
    serverTool,
    "import { registerBureauRoutes } from '@guildhall/server/src/tools/bureau/routes';",
    /another tool/,
  ],
  ['server tool -> tool, workspace alias', serverTool, "import { bureauTool } from '@server/tools/bureau';", /another tool/],
  ['server core -> tool, workspace alias', serverCore, "import { allTools } from '@server/tools';", /Core never imports a tool/],
  ['web tool -> tool, workspace alias', webTool, "import SportsRoutes from '@/tools/sports/routes';", /another tool/],
  ['web kit/shell -> tool, workspace alias', webShell, "import BureauRoutes from '@/tools/bureau/routes';", /never import a tool/],
  ['web -> server, workspace alias', webTool, "import { loadConfig } from '@server/config';", /over HTTP only/],
  ['server tool -> tool, re-export', serverTool, "export { bureauTool } from '../bureau';", /another tool/],
  ['server tool -> tool, dynamic import', serverTool, "export const load = () => import('../sports/index');", /another tool/],
  ['server tool -> tool, type only', serverTool, "import type { BureauTables } from '../bureau/bureau-tables';", /another tool/],
  [
    "server tool -> another tool's contract",
    serverTool,
    "import { CheckStatusQuery } from '@guildhall/contracts/bureau';",
    /another tool's contract/,
  ],
  [
    'web tool -> tool, relative',
    webTool,
    "import BureauRoutes from '../bureau/routes';",
    /never imports another tool \(timetable -> bureau\)/,
  ],
  ['web tool -> tool, deep', webTool, "import SportsRoutes from '../../tools/sports/routes';", /another tool/],
  [
    "web tool -> another tool's contract",
    webTool,
    "import { SportsLoginRequest } from '../../../../../packages/contracts/src/sports';",
    /another tool's contract/,
  ],
  ['server core -> tool list', serverCore, "import { allTools } from '../../tools';", /Core never imports a tool/],
  ['server core -> tool, deep', serverCore, "import { bureauTool } from '../../tools/bureau/index';", /Core never imports a tool/],
  [
    'server core -> tool, package name',
    serverCore,
    "import { bureauTool } from '@guildhall/server/src/tools/bureau';",
    /Core never imports a tool/,
  ],
  ['web kit/shell -> tool', webShell, "import BureauRoutes from '../tools/bureau/routes';", /never import a tool/],
  ['web -> server, package name', webTool, "import { parseInput } from '@guildhall/server/src/core/http/parse-input';", /over HTTP only/],
  ['web -> server, bare package', webShell, "import server from '@guildhall/server';", /over HTTP only/],
  ['web -> server, relative', webTool, "import { loadConfig } from '../../../../server/src/config';", /over HTTP only/],
  ['web -> server tool', webTool, "import { timetableTool } from '@guildhall/server/src/tools/timetable';", /over HTTP only/],
  ['contracts -> package', contracts, "import { format } from 'date-fns';", /zod and their own files only/],
  ['contracts -> node built-in', contracts, "import fs from 'node:fs';", /zod and their own files only/],
  ['contracts -> testkit', contracts, "import { makeBan } from '@guildhall/testkit/factories';", /zod and their own files only/],
  [
    'contracts -> server, relative',
    contracts,
    "import { loadConfig } from '../../../apps/server/src/config';",
    /zod and their own files only/,
  ],
  [
    'contracts -> web, package name',
    contracts,
    "import { apiFetch } from '@guildhall/web/src/lib/api-client';",
    /zod and their own files only/,
  ],
];

const accepted: Array<[kind: string, file: string, source: string]> = [
  ['server tool -> its own files', serverTool, "import { listHomework } from './list-homework';"],
  ['server tool -> core', serverTool, "import { parseInput } from '../../core/http/parse-input';"],
  ['server tool -> its own contract', serverTool, "import { CreateHomeworkRequest } from '@guildhall/contracts/timetable';"],
  ['server tool -> its own contract, second file', serverTool, "import { HOMEWORK_STATUSES } from '@guildhall/contracts/timetable-rules';"],
  ['server tool -> shared contract', serverTool, "import { DiscordId } from '@guildhall/contracts';"],
  ['web tool -> the kit', webTool, "import { Button } from '../../ui';"],
  ['web tool -> its own files', webTool, "import TimetableRoutes from './routes';"],
  ['server tool -> core, workspace alias', serverTool, "import { parseInput } from '@server/core/http/parse-input';"],
  ['web tool -> the kit, workspace alias', webTool, "import { Button } from '@/ui';"],
  ['server app -> tool list', 'apps/server/src/app.ts', "import { allTools } from './tools';"],
  ['server core -> core', serverCore, "import { openDatabase } from '../db/database';"],
  ['web routes -> tools', 'apps/web/src/routes.tsx', "import { appointmentsBareRoutes } from './tools/appointments/route-objects';"],
  ['web -> contracts', webShell, "import { DiscordId } from '@guildhall/contracts';"],
  ['contracts -> zod', contracts, "import { z } from 'zod';"],
  ['contracts -> its own files', contracts, "import { DiscordId } from './core';"],
];

describe('the boundary lint rule (issue 11 item 1)', () => {
  it.each(refused)('refuses %s', async (_kind, file, source, says) => {
    const errors = await boundaryErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(says);
  });

  it.each(accepted)('accepts %s', async (_kind, file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });
});
