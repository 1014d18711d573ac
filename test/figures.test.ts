// The README's figures cannot drift: `npm run figures` re-measures each one (the counts on the real
// sample files it names, the timings against the recorded bench run) and exits 1 when one is more
// than 10% off. Cheap: one 7-clip reduction twice and the lint rule table.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { SAMPLES } from './helpers/files.js';
import { itWith } from './helpers/needs.js';

const root = fileURLToPath(new URL('../', import.meta.url));

itWith([SAMPLES])('npm run figures: every README figure it knows is within 10% of what its command measures now', () => {
  const run = spawnSync(process.execPath, [join(root, 'scripts/figures.mjs')], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/^key reduction, bone space: README 49, measured 49\.04 on rwparserng_ped_anp3\.ifp/);
  expect(run.stdout.trim().split('\n')).toHaveLength(10);
});
