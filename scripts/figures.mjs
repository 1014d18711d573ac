// `npm run figures`: the README's figures, re-measured. Each figure is found in the README by the
// sentence that states it and compared with what its command gives now: the counts a machine cannot
// change (keys a reduction keeps on a real sample, the lint rules) by running the command on the file
// the README names; the timings, which a shared VM cannot repeat to 10%, against the recorded run
// they were copied from (bench/RESULTS.md, written by `npm run bench:record`). Exits 1, naming the
// figure, when one is more than 10% off or no longer in the README; 0 with the table otherwise.
// Needs the built CLI (`npm run build`) and, for the sample figures, ../shared/samples.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const samples = join(root, '../shared/samples/');
const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');
const results = readFileSync(join(root, 'bench/RESULTS.md'), 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'gameanim-figures-'));

function gameanim(...args) {
  const run = spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`gameanim ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return run.stdout;
}

/** The percentage of keys `edit --reduce 0.05` drops from a sample, as the command prints it. */
function reduction(file, ...extra) {
  const out = gameanim('edit', join(samples, file), '-o', join(scratch, 'reduced.ifp'), '--reduce', '0.05', '--force', ...extra);
  const [, before, after] = /keys (\d+) -> (\d+)/.exec(out);
  return (100 * (Number(before) - Number(after))) / Number(before);
}

/** A p50 (or other column) of a row of bench/RESULTS.md's tables, by the row's first cell. */
function recorded(row, column = 1) {
  const line = results.split('\n').find((l) => l.startsWith(`| ${row} |`));
  if (!line) throw new Error(`bench/RESULTS.md has no row "${row}"`);
  return Number.parseFloat(line.split('|')[column + 1]);
}

const number = (text) => Number(text.replace(/,/g, ''));

/** Each figure: what it is, the README's sentence with the number in a group, where it comes from, and how to measure it now. */
const FIGURES = [
  {
    what: 'key reduction, bone space',
    readme: /`gameanim edit rwparserng_ped_anp3\.ifp --reduce 0\.05` drops ([\d.]+)% of its keys/,
    from: 'rwparserng_ped_anp3.ifp (samples)',
    needsSamples: true,
    measure: () => reduction('rwparserng_ped_anp3.ifp'),
  },
  {
    what: 'key reduction, model space on the plain SA skin',
    readme: /([\d.]+)% with `--skeleton sa_skin_plain\.dff`/,
    from: 'rwparserng_ped_anp3.ifp, dff/sa_skin_plain.dff (samples)',
    needsSamples: true,
    measure: () => reduction('rwparserng_ped_anp3.ifp', '--skeleton', join(samples, 'dff/sa_skin_plain.dff')),
  },
  {
    what: 'lint rules',
    readme: /# (\d+) rules from the games' loaders/,
    from: 'gameanim lint --rules',
    measure: () => JSON.parse(gameanim('lint', '--rules', '--json')).rules.length,
  },
  ...[
    ['memcpy of the output', 'bound: memcpy of the output size'],
    ['SIMD wasm into a reused `IFPDecoder` \\(files read into it\\)', 'simd into an IFPDecoder, files read into it (allocateInput)'],
    ['SIMD wasm, owning readers \\(fresh output memory: about 7 ms of page faults here\\)', 'simd'],
    ['plain TypeScript twin', 'js'],
    ['naive: one object per keyframe', 'naive: one object per keyframe'],
  ].map(([label, row]) => ({
    what: `decode p50: ${row}`,
    readme: new RegExp(`\\| ${label}[^|]* \\| ([\\d.]+) \\|`),
    from: 'bench/RESULTS.md (npm run bench:record)',
    measure: () => recorded(row),
  })),
  {
    what: 'playback bone-samples per second',
    readme: /Playing a clip samples ([\d.]+) M bone-samples a second/,
    from: 'bench/RESULTS.md (npm run bench:record)',
    measure: () => recorded('single clip (100 samples of 32 bones)'),
  },
  {
    what: 'edit a whole ped.ifp',
    readme: /\(read, rename, write\) takes ([\d.]+) ms/,
    from: 'bench/RESULTS.md (npm run bench:record)',
    measure: () => recorded('edit: IFPEditor.read, rename one clip, write'),
  },
];

const failures = [];
const rows = [];
try {
  for (const figure of FIGURES) {
    const match = figure.readme.exec(readme);
    if (!match) {
      failures.push(`${figure.what}: the README no longer states it (${figure.readme})`);
      continue;
    }
    if (figure.needsSamples && !existsSync(samples)) {
      rows.push(`${figure.what}: skipped (no samples at ${samples})`);
      continue;
    }
    const stated = number(match[1]);
    const measured = figure.measure();
    const off = Math.abs(measured - stated) / Math.abs(measured || 1);
    rows.push(
      `${figure.what}: README ${stated}, measured ${Number(measured.toFixed(2))} on ${figure.from}${off > 0.1 ? '  <- more than 10% off' : ''}`,
    );
    if (off > 0.1) failures.push(`${figure.what}: the README says ${stated}, ${figure.from} gives ${Number(measured.toFixed(2))}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
for (const row of rows) console.log(row);
if (failures.length) {
  for (const failure of failures) console.error(`figure off: ${failure}`);
  process.exitCode = 1;
}
