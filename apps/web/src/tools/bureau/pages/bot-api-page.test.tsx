import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { BotApiPage } from './bot-api-page';

const errors = { description: 'x', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } } };
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Registration Bureau bot API', version: '1', description: 'Send Authorization: Bearer <key>.' },
  paths: {
    '/bureau/api/bot/v1/bans/{robloxId}': {
      put: {
        summary: 'Write the ban RobloxData/{robloxId}/Ban (001 §3).',
        'x-scope': 'bureau-bans',
        'x-also-at': '/bureau/api/bot/bans/{robloxId}',
        parameters: [{ name: 'robloxId', in: 'path', schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { Moderator: { type: 'string' } } } } } },
        responses: {
          200: { description: 'Done', content: { 'application/json': { schema: { type: 'object' } } } },
          400: errors,
          403: errors,
        },
      },
    },
  },
};

describe('issue 14 item 4: the bot API page', () => {
  it('shows each call of the published document with its scope, body and errors', async () => {
    const server = fakeServer({ 'GET /bureau/api/bot/v1/openapi.json': () => [200, DOCUMENT] });
    renderWithApp(<BotApiPage />);
    const call = await screen.findByRole('article', { name: 'PUT /bureau/api/bot/v1/bans/{robloxId}' });
    expect(within(call).getByText('scope bureau-bans')).toBeInTheDocument();
    expect(within(call).getByText('Write the ban RobloxData/{robloxId}/Ban (001 §3).')).toBeInTheDocument();
    expect(within(call).getByText('Body (JSON)')).toBeInTheDocument();
    expect(within(call).getByText(/"Moderator"/)).toBeInTheDocument();
    expect(within(call).getByText(/Errors: 400, 403/)).toBeInTheDocument();
    // Decision 0030: the older address without /v1 that answers the same call.
    expect(within(call).getByText('/bureau/api/bot/bans/{robloxId}')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Calls (1)' })).toBeInTheDocument();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /bureau/api/bot/v1/openapi.json']);
  });
});
