// The README's commands start with `npx gameanim`: in a clone (after `npm ci && npm run build`) that
// must run the built command line, from the workspace's root package's bin.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

it('npx gameanim runs the built command line in a clone', () => {
  const run = spawnSync('npx', ['--no', 'gameanim', 'info', 'fixtures/anp3-all-types.ifp'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(run.stderr).toBe('');
  expect(run.stdout).toBe('fixtures/anp3-all-types.ifp: IFP ANP3 "fixture": 2 animations, 5 tracks, 16 keyframes (simd)\n');
  expect(run.status).toBe(0);
});
