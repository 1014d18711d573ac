// The reading commands agree (issue #34 point 5): each takes many files and IMG archives (walking
// their entries, named archive.img/entry), lists a file it cannot read in its --json document (exit 1),
// and the help names only what ships.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeIFP, writeIMG } from '../../src/index.js';
import { fixture } from '../helpers/files.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) => {
  const result = spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

const dir = mkdtempSync(join(tmpdir(), 'gameanim-reading-'));
const img = join(dir, 'models.img');
writeFileSync(
  img,
  writeIMG([
    { name: 'walk.ifp', data: fixture('anp2-basic.ifp') },
    { name: 'skin.txd', data: fixture('textures.txd') },
    { name: 'notes.txt', data: new Uint8Array(8) },
  ]),
);
const missing = join(dir, 'missing.ifp');

describe('the reading commands agree', () => {
  it('list quotes a name that starts or ends with a space, so the padding never hides it', () => {
    const spaced = join(dir, 'spaced.ifp');
    const track = (boneId: number, boneName: string) => ({
      boneName,
      boneId,
      keyframeType: 'KR00' as const,
      compressed: true,
      times: Float32Array.of(0, 0.5),
      rotations: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1),
      translations: null,
      scales: null,
    });
    writeFileSync(
      spaced,
      writeIFP(
        [
          {
            name: 'pkg',
            animations: [
              { name: ' walk', bones: [track(1, ' Pelvis')] },
              { name: 'run ', bones: [track(1, 'Spine')] },
              { name: 'idle', bones: [track(1, 'Spine')] },
            ],
          },
        ],
        { format: 'ANP3' },
      ),
    );
    const listed = gameanim('list', spaced);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.split('\n').map((line) => line.split(/\s{2,}/)[0])).toEqual(['animation', '" walk"', '"run "', 'idle', '']);
  });

  it('dump, bind, txd ls and txd extract walk an IMG archive, naming archive.img/entry', () => {
    const dumped = gameanim('dump', img);
    expect(dumped.code, dumped.stderr).toBe(0);
    expect(dumped.stdout).toContain(`${img}/walk.ifp:\n`);
    expect(dumped.stdout).toContain(`${img}/skin.txd:\n`);
    const bound = gameanim('bind', 'fixtures/dff-ped-5bone.dff', img, '--json');
    expect(JSON.parse(bound.stdout).files.map((f: { file: string }) => f.file)).toEqual([`${img}/walk.ifp`]);
    const listed = gameanim('txd', 'ls', img, 'fixtures/textures.txd', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).map((d: { file: string }) => d.file)).toEqual([`${img}/skin.txd`, 'fixtures/textures.txd']);
    const out = join(dir, 'png');
    const extracted = gameanim('txd', 'extract', img, 'fixtures/textures.txd', '-o', out);
    expect(extracted.code, extracted.stderr).toBe(0);
    // The same texture name twice: made distinct, and said so.
    expect(readdirSync(out).sort()).toEqual(['gradient.png', 'gradient~2.png']);
  });

  it('--json lists a file it cannot read as an error, everywhere, and exits 1', () => {
    // biome-ignore lint/suspicious/noExplicitAny: each case reads the document of its own command.
    const cases: Array<[string[], (document: any) => unknown]> = [
      [['list', missing, 'fixtures/anp2-basic.ifp'], (d) => d.errors],
      [['dump', missing, 'fixtures/anp2-basic.ifp'], (d) => d.filter((x: { error?: string }) => x.error)],
      [['bind', 'fixtures/dff-ped-5bone.dff', missing], (d) => d.files],
      [['txd', 'ls', missing, 'fixtures/textures.txd'], (d) => d.filter((x: { error?: string }) => x.error)],
      [['txd', 'extract', missing, '-o', join(dir, 'none')], (d) => d.errors],
    ];
    for (const [args, errorsOf] of cases) {
      const run = gameanim(...args, '--json');
      expect(run.code, args.join(' ')).toBe(1);
      expect(errorsOf(JSON.parse(run.stdout)), args.join(' ')).toEqual([{ file: missing, error: `${missing}: no such file` }]);
    }
  });

  it('messages say "an IMG" and "1 animation"; the help names no file the packages leave out', () => {
    expect(gameanim('bind', 'fixtures/archive.img', 'fixtures/anp2-basic.ifp').stderr).toContain('(an IMG file)');
    expect(gameanim('txd', 'ls', '--help').stdout).toContain('txd ls FILE...');
    for (const command of ['main', 'info', 'list', 'dump', 'bind', 'export', 'edit', 'lint', 'txd']) {
      const help = command === 'main' ? gameanim('--help').stdout : gameanim(command, '--help').stdout;
      // docs/ is not in packages/*/package.json "files": the help may not send anyone there (a web address into the repository it may).
      expect(help.replace(/https:\/\/\S+/g, ''), command).not.toMatch(/docs\//);
    }
  });
});
