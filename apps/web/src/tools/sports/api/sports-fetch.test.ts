import { describe, expect, it } from 'vitest';
import { errorMessageOf } from './sports-fetch';

// 002 §8 Sports hub "API error message": the message or error field of the response body, else
// 'Request failed with status: {code}'; when the body cannot be read, 'Could not parse error response.'
describe('errorMessageOf (002 §8)', () => {
  const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('prefers the message field, then the error field', async () => {
    expect(await errorMessageOf(json({ message: 'Sport is full.', error: 'ignored' }, 409))).toBe('Sport is full.');
    expect(await errorMessageOf(json({ error: 'Registration is currently closed.' }, 403))).toBe('Registration is currently closed.');
  });

  it("falls back to 'Request failed with status: {code}' for a body without either", async () => {
    expect(await errorMessageOf(json({}, 502))).toBe('Request failed with status: 502');
    expect(await errorMessageOf(json({ message: '', error: 42 }, 500))).toBe('Request failed with status: 500');
    expect(await errorMessageOf(json(null, 404))).toBe('Request failed with status: 404');
  });

  it("answers 'Could not parse error response.' when the body is not JSON", async () => {
    expect(await errorMessageOf(new Response('<html>Bad gateway</html>', { status: 502 }))).toBe('Could not parse error response.');
    expect(await errorMessageOf(new Response(null, { status: 500 }))).toBe('Could not parse error response.');
  });
});
