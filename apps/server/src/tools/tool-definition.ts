import type { FastifyInstance } from 'fastify';
import type { ToolId } from '../config';
import type { GuildhallMigration } from '../core/db/migrate';
import type { AppContext } from '../core/context';

/** How a tool plugs into the server (ARCHITECTURE.md §2: app.ts registers each enabled tool). */
export interface ToolDefinition {
  id: ToolId;
  name: string;
  description: string;
  /** Where its web pages start. */
  path: string;
  /** Its other pages worth a link on the home page (staff views). */
  links?: Array<{ label: string; path: string }>;
  register(app: FastifyInstance): Promise<void>;
  migrations?: Record<string, GuildhallMigration>;
  /** Adds the tool's demo data to an empty database outside production. */
  seed?(ctx: AppContext): Promise<void>;
}
