import { useRef } from 'react';
import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';

/**
 * The mutation's `mutate`, ignoring calls while one it started is on its way. `isPending` disables a
 * button only once React has drawn it again, so a double click got in first and sent twice (two
 * stages of one name, two saves).
 */
export function useSingleFlight<TData, TError, TVariables, TContext>(
  mutation: UseMutationResult<TData, TError, TVariables, TContext>,
): (variables: TVariables, options?: MutateOptions<TData, TError, TVariables, TContext>) => void {
  const inFlight = useRef(false);
  return (variables, options) => {
    if (inFlight.current) return;
    inFlight.current = true;
    // mutateAsync settles even when the component has gone, unlike mutate's per-call callbacks; its
    // failure is the options' onError to show, so the rejection itself is dropped here.
    mutation
      .mutateAsync(variables, options)
      .catch(() => undefined)
      .finally(() => {
        inFlight.current = false;
      });
  };
}
