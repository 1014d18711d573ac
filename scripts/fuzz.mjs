// `npm run fuzz -- --seed S --runs N`: the fuzz properties of test/fuzz with a chosen seed and
// number of cases per property. Inputs that break a rule are saved to fixtures/regressions/.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { seed: { type: 'string' }, runs: { type: 'string' } } });
const seed = values.seed ?? String(Date.now() % 2 ** 31);
const runs = values.runs ?? '20000';
console.log(`fuzzing with seed ${seed}, ${runs} cases per property`);
const run = spawnSync('npx', ['vitest', 'run', 'test/fuzz', '--testTimeout', '0'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs, FUZZ_RECORD: '1' },
});
process.exit(run.status ?? 1);
