import { makeVerifiedPair, type VerifiedPairRecord } from './factories';

// Extra verified pairs for the bureau records list, so the demo shows paging and search (001 §2
// Records tool) beyond the handful of demo people. Built from the same factories as test data.

export function bureauDemoPairs(count = 120): VerifiedPairRecord[] {
  return Array.from({ length: count }, () => makeVerifiedPair());
}
