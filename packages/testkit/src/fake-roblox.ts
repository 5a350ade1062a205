import { type FakeServer, type FaultPlan, createFakeApp, listenOnLoopback } from './fake-server';
import type { RobloxUserRecord } from './factories';

export interface FakeRoblox extends FakeServer {
  users: Map<string, RobloxUserRecord>;
  faults: FaultPlan;
  calls: string[];
}

/** A local stand-in for the Roblox users API (GET /v1/users/{id}). */
export async function startFakeRoblox(options: { users?: RobloxUserRecord[]; port?: number } = {}): Promise<FakeRoblox> {
  const users = new Map((options.users ?? []).map((u) => [u.id, u]));
  const { app, faults, calls } = createFakeApp();
  app.get('/v1/users/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const user = users.get(id);
    if (!user)
      return reply.code(404).send({ errors: [{ code: 3, message: 'The user id is invalid.', userFacingMessage: 'Something went wrong' }] });
    return {
      description: '',
      created: user.created,
      isBanned: user.isBanned,
      externalAppDisplayName: null,
      hasVerifiedBadge: false,
      id: Number(user.id),
      name: user.name,
      displayName: user.displayName,
    };
  });
  const url = await listenOnLoopback(app, options.port);
  return { url, users, faults, calls, close: () => app.close() };
}
