import { z } from 'zod';
import { BOT_API_BASE, BOT_API_LEGACY_BASE, BOT_API_OPERATIONS, type BotApiOperation } from '@guildhall/contracts/bureau';

/** The answer of every failure (decision 0017). */
const ErrorAnswer = z.object({ error: z.string(), code: z.string() });

type JsonSchema = Record<string, unknown>;

/**
 * The calls that also answer under BOT_API_LEGACY_BASE, as routes.ts registers them: those the API had
 * before /v1 (pairs, bans, infractions). The cases calls are new in v1 and answer only there; the
 * document said "the same calls" answer without /v1, and a bot that believed it got 404s.
 */
export const BOT_API_LEGACY_PATHS: ReadonlySet<string> = new Set([
  '/pairs/{discordId}',
  '/bans/{robloxId}',
  '/infractions',
  '/infractions/{platform}/{subjectId}/{id}',
]);

/** A zod contract as JSON Schema (draft 2020-12, which OpenAPI 3.1 uses), without its $schema line. */
function schemaOf(type: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...schema } = z.toJSONSchema(type, { io, unrepresentable: 'any' }) as JsonSchema;
  return schema;
}

function parametersOf(operation: BotApiOperation): JsonSchema[] {
  if (!operation.params) return [];
  const schema = schemaOf(operation.params, 'input') as { properties?: Record<string, JsonSchema> };
  return [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: schema.properties?.[name!] ?? { type: 'string' },
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
});

/**
 * Issue 14 item 4: the OpenAPI 3.1 document of the bot API, generated from the same zod contracts the
 * routes parse with (BOT_API_OPERATIONS), so the description cannot drift from what the server accepts.
 */
export function buildBotOpenApi(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of BOT_API_OPERATIONS) {
    const path = `${BOT_API_BASE}${operation.path}`;
    paths[path] ??= {};
    paths[path][operation.method] = {
      summary: operation.summary,
      operationId: `${operation.method}${operation.path.replace(/\{(\w+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string = '') => c.toUpperCase())}`,
      'x-scope': `bureau-${operation.scope}`,
      ...(BOT_API_LEGACY_PATHS.has(operation.path) ? { 'x-also-at': `${BOT_API_LEGACY_BASE}${operation.path}` } : {}),
      security: [{ apiKey: [] }],
      parameters: parametersOf(operation),
      ...(operation.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(operation.body, 'input') } } } }
        : {}),
      responses: {
        [operation.status]: { description: 'Done', content: { 'application/json': { schema: schemaOf(operation.answer, 'output') } } },
        400: errorResponse('The input does not fit the contract (code invalid_input; the sentence names the field).'),
        401: errorResponse('No API key, or a key that is not valid or revoked (code unauthenticated).'),
        403: errorResponse(
          `The key does not hold the scope bureau-${operation.scope}` +
            // Decision 0060 (require-bot-key.ts, botCaseNeedsBans).
            (operation.path.startsWith('/cases')
              ? ', or, for a case that writes, clears or lifts a Roblox ban, bureau-bans as well (code forbidden).'
              : ' (code forbidden).'),
        ),
        // A case number that names no case (loadCase).
        ...(operation.path.includes('{number}') ? { 404: errorResponse('There is no case with this number (code not_found).') } : {}),
        429: errorResponse('Too many calls with this key in the last minute (code rate_limited).'),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Registration Bureau bot API',
      version: '1',
      description:
        'Writes verified pairs, Roblox bans and infractions (001 §3) into the registry. Send `Authorization: Bearer <key>`; ' +
        'a key holds scopes (bureau-pairs, bureau-bans, bureau-cases; bureau-bot holds all three) and has its own rate limit. ' +
        'Fields may be named as the realtime database holds them (Moderator, Reason, Time, Username, Note) or in lower case. ' +
        `The pairs, bans and infractions calls also answer under ${BOT_API_LEGACY_BASE} without /v1, as before (x-also-at); ` +
        'the cases calls answer only under /v1.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'A key from `npm run cli -- create-api-key <name> [scope]`.' },
      },
      schemas: { ErrorAnswer: schemaOf(ErrorAnswer, 'output') },
    },
    paths,
  };
}
