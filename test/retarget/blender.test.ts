// The foreign rigs through Debian's Blender, headless: it imports each rig's GLB and exports it as FBX
// (as Mixamo ships clips) and BVH (as mocap libraries do); `gameanim retarget` reads all three with the
// real loaders (glTF-Transform, three.js's FBXLoader and BVHLoader) onto the plain SA skin.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DFFReader, IFPReader, lintIFP } from '../../src/index.js';
import { sample, samplesDir, samplesPresent } from '../helpers/files.js';
import { compare, worst } from './compare.js';
import { foreignRig } from './foreign-rigs.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const blender = spawnSync('blender', ['--version'], { encoding: 'utf8' });
const haveBlender = blender.status === 0;
if (!haveBlender && process.env['CI']) throw new Error("CI needs Debian's blender; .ci/run installs it");
const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
};
const gameanim = (...args: string[]) => run(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args]);
const MAPPED = ['Spine', 'Spine1', 'Neck', 'Head', 'Bip01 L Clavicle', 'L UpperArm', 'L ForeArm', 'L Hand', 'Bip01 R Clavicle', 'R UpperArm', 'R ForeArm', 'R Hand', 'L Thigh', 'L Calf', 'L Foot', 'L Toe0', 'R Thigh', 'R Calf', 'R Foot', 'R Toe0', 'Pelvis'];

describe.skipIf(!haveBlender || !samplesPresent)(`retargeting what Blender exports (${haveBlender ? blender.stdout.split('\n')[0] : 'no blender'}; samples at ${samplesDir})`, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'gameanim-retarget-'));
  const model = join(samplesDir, 'dff/sa_skin_plain.dff');
  const skeleton = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
  const walk = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('walk_player')!;

  for (const pose of ['rest', 'tpose'] as const) {
    it(`a Mixamo-named rig in ${pose === 'rest' ? "the skin's rest pose" : 'a T-pose'}, as GLB, FBX and BVH`, async () => {
      const glb = join(scratch, `${pose}.glb`);
      writeFileSync(glb, await foreignRig(skeleton, walk, { names: 'mixamo', pose, scale: 115, rate: 30 }));
      run('blender', ['-b', '--factory-startup', '--python', join(root, 'test/retarget/blender-rig.py'), '--', glb, join(scratch, `${pose}.fbx`), join(scratch, `walk_player-${pose}.bvh`)]);
      for (const source of [glb, join(scratch, `${pose}.fbx`), join(scratch, `walk_player-${pose}.bvh`)]) {
        const out = join(scratch, `${pose}-${source.split('.').pop()}.ifp`);
        const log = gameanim('retarget', source, '--to', model, '--source-pose', pose, '-o', out, '--force');
        const bytes = new Uint8Array(readFileSync(out));
        expect(lintIFP(bytes).filter((f) => f.severity === 'error')).toEqual([]);
        const animations = new IFPReader(bytes).animations;
        expect(animations).toHaveLength(1);
        const d = compare(skeleton, walk, animations[0]!, MAPPED);
        const kind = source.split('.').pop();
        console.log(`blender ${pose} ${kind} ("${animations[0]!.name}"): worst bone ${worst(d.degrees).map(String).join(' ')} deg, worst segment ${worst(d.segments).map(String).join(' ')} deg, root ${(d.rootMotion * 100).toFixed(2)} cm, duration off ${d.duration.toFixed(4)} s\n${log}`);
        expect.soft(d.duration, kind).toBeLessThanOrEqual(1 / 30 + 1e-6);
        if (pose === 'rest') {
          for (const [bone, degrees] of d.degrees) expect.soft(degrees, `${kind} ${bone}`).toBeLessThan(1);
          expect.soft(d.rootMotion, kind).toBeLessThan(0.02);
        } else for (const [segment, degrees] of d.segments) expect.soft(degrees, `${kind} ${segment}`).toBeLessThan(5);
      }
    });
  }
});
