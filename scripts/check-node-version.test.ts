import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { minimumNodeVersion, nodeVersionProblem } from './check-node-version.mjs';

describe('nodeVersionProblem (issue 10 item 23: `npm run up` checks Node.js first)', () => {
  it('says in one sentence which version is needed and which one runs', () => {
    expect(nodeVersionProblem('v18.19.1', '>=20.19')).toBe(
      'Guildhall needs Node.js 20.19.0 or later (package.json engines.node ">=20.19"), and this is Node.js 18.19.1: ' +
        'install a newer Node.js (e.g. the current LTS from https://nodejs.org/en/download) and run the command again.',
    );
  });

  it('agrees with semver on either side of the minimum', () => {
    const versions = ['16.20.2', '20.11.0', '20.18.3', '20.19.0', '20.20.2', '21.0.0', '22.12.0', '24.1.0', '20.19.0-pre'];
    for (const range of ['>=20.19', '>=20.19.0', '>= 22', '>=20.11.1']) {
      for (const version of versions) {
        const accepted = semver.satisfies(semver.coerce(version)!, range);
        expect(nodeVersionProblem(version, range) === null, `${version} against ${range}`).toBe(accepted);
      }
    }
  });

  it('refuses a range it cannot read rather than guess', () => {
    expect(() => minimumNodeVersion('^20.19.0 || >=22.12.0')).toThrow(/not a ">=MAJOR.MINOR" range/);
  });
});
