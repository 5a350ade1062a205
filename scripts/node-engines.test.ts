import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// Issue 10 item 23: `npm ci` warned EBADENGINE (cookie@2 wants Node 22) while the README promised
// Node 20. What the README and package.json state must be a version every installed package accepts.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

interface LockedPackage {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
}

const statedRange: string = readJson('package.json').engines.node;
const statedMinimum = semver.minVersion(statedRange)!.version;

describe('the Node.js version Guildhall states (issue 10 item 23)', () => {
  it('is accepted by every locked package that declares engines.node', () => {
    const packages: Record<string, LockedPackage> = readJson('package-lock.json').packages;
    const refusing = Object.entries(packages).flatMap(([where, locked]) => {
      const range = Array.isArray(locked.engines) ? undefined : locked.engines?.node;
      // npm installs an optional package (a platform build) only where it fits and skips it quietly
      // elsewhere, without a warning; every other package warns EBADENGINE.
      if (!range || locked.optional) return [];
      return semver.satisfies(statedMinimum, range) ? [] : [`${where}@${locked.version} wants node ${range}`];
    });
    expect(refusing, `Node.js ${statedMinimum} (package.json engines.node "${statedRange}")`).toEqual([]);
  });

  it('is the version the README promises', () => {
    const promised = fs.readFileSync(path.join(root, 'README.md'), 'utf8').match(/Node\.js (\d+\.\d+)\+/)?.[1];
    expect(promised && semver.coerce(promised)?.version).toBe(statedMinimum);
  });
});
