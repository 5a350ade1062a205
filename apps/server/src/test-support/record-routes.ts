import type { BuildTestAppOptions } from './build-test-app';

/**
 * buildTestApp's `onRoute` that writes down every route as the app registers it, as `METHOD /url`
 * (HEAD left out: Fastify adds one beside each GET), so a test can hold a document to the real routes.
 */
export function recordRoutes(into: string[]): NonNullable<BuildTestAppOptions['onRoute']> {
  return (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') into.push(`${method} ${route.url}`);
  };
}
