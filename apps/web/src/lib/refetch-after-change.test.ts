import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { refetchAfterChange } from './refetch-after-change';

let cleanup: () => void = () => undefined;
afterEach(() => cleanup());

/**
 * A query shown on a page (one observer) whose server answers are released by the test: the first
 * answer was read before the change, the second after it. Answers once its first fetch has begun.
 */
async function shownQuery() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const answers: Array<(rows: string[]) => void> = [];
  const observer = new QueryObserver(queryClient, {
    queryKey: ['records', 'discord', '777'],
    queryFn: () => new Promise<string[]>((resolve) => answers.push(resolve)),
  });
  cleanup = observer.subscribe(() => undefined);
  await expect.poll(() => answers).toHaveLength(1);
  const settled = () => expect.poll(() => queryClient.isFetching()).toBe(0);
  return { queryClient, answers, settled, rows: () => queryClient.getQueryData<string[]>(['records', 'discord', '777']) };
}

describe('refetchAfterChange', () => {
  it('asks again when the change comes while the first answer is on its way, so the older answer does not stay', async () => {
    const query = await shownQuery();
    const done = refetchAfterChange(query.queryClient, { queryKey: ['records', 'discord', '777'] });
    await expect.poll(() => query.answers).toHaveLength(2);
    query.answers[0]!([]); // read before the change: too late, and no longer wanted
    query.answers[1]!(['100000000000000777']);
    await done;
    await query.settled();
    expect(query.rows()).toEqual(['100000000000000777']);
  });

  it('asks again for a query that already has its answer', async () => {
    const query = await shownQuery();
    query.answers[0]!([]);
    await query.settled();
    const done = refetchAfterChange(query.queryClient, { queryKey: ['records'] });
    await expect.poll(() => query.answers).toHaveLength(2);
    query.answers[1]!(['100000000000000777']);
    await done;
    await query.settled();
    expect(query.rows()).toEqual(['100000000000000777']);
  });

  it('is needed: invalidateQueries alone keeps the first answer in flight, read before the change', async () => {
    const query = await shownQuery();
    const done = query.queryClient.invalidateQueries({ queryKey: ['records', 'discord', '777'] });
    query.answers[0]!([]);
    await done;
    await query.settled();
    expect(query.answers).toHaveLength(1);
    expect(query.rows()).toEqual([]);
  });
});
