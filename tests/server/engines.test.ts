/**
 * Issue 26, point 3: npm warned EBADENGINE (cookie@2 wants Node 22) while Encore says it runs on Node
 * 20.19+. scripts/check-engines.ts (npm run lint) fails on such a package; here it is checked on
 * a made-up lockfile, and on the real one.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { engineProblems, oldestOfEachLine } from '../../scripts/check-engines.js';

const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

describe('the engines check', () => {
  it("takes the oldest release of each line package.json's engines allow", () => {
    expect(oldestOfEachLine('^20.19.0 || ^22.13.0 || >=24')).toEqual(['20.19.0', '22.13.0', '24.0.0']);
    expect(oldestOfEachLine('>=20.19')).toEqual(['20.19.0']);
  });

  it('names a package whose engines leave out a supported line, and passes the rest', () => {
    const lock = {
      packages: {
        '': { version: '1.0.0', engines: { node: '>=20.19' } },
        'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/a/node_modules/b': { version: '1.0.0', engines: { node: '^20.19.0 || >=22.12.0' } },
        'node_modules/ok': { version: '1.0.0', engines: { node: '>=18' } },
        'node_modules/none': { version: '1.0.0' },
        'node_modules/old': { version: '1.0.0', engines: ['node >= 0.8'] },
      },
    };
    expect(engineProblems(lock, ['20.19.0', '22.13.0', '24.0.0'])).toEqual([
      'cookie@2.0.2 wants node ">=22": not 20.19.0 (node_modules/cookie)',
    ]);
    expect(engineProblems(lock, ['22.0.0'])).toEqual([
      'b@1.0.0 wants node "^20.19.0 || >=22.12.0": not 22.0.0 (node_modules/a/node_modules/b)',
    ]);
  });

  it('finds nothing in package-lock.json for the lines package.json supports', () => {
    const versions = oldestOfEachLine(read('package.json').engines.node);
    expect(versions).toContain('20.19.0');
    expect(engineProblems(read('package-lock.json'), versions)).toEqual([]);
  });
});
