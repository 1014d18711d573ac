// (d) Key reduction on what Blender bakes: a gameanim clip exported to glTF, imported into Debian's
// Blender with the scene at 60 fps, exported at every default (a key on every frame), imported back
// with gameanim import; then edit --reduce 0.05 saves bytes, and the worst error it prints holds when
// measured independently (test/helpers/shell-reference.ts) between the baked and the reduced file.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { DFFReader, IFPReader } from '../../src/index.js';
import { blenderScript, gameanim, BLENDER } from '../helpers/blender.js';
import { sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { worstShellError } from '../helpers/shell-reference.js';
import { describeWith } from '../helpers/needs.js';

describeWith([BLENDER, SAMPLES], '(d) edit --reduce on a Blender-baked 60 fps clip', () => {
  it('saves bytes, and the printed worst error is within 0.05 cm when measured independently', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'gameanim-bake-'));
    const model = join(samplesDir, 'dff/sa_skin_plain.dff');
    const glb = join(scratch, 'walk.glb'),
      baked = join(scratch, 'baked.glb');
    gameanim('export', model, join(samplesDir, 'rwparserng_ped_anp3.ifp'), '-o', glb, '--anim', 'walk_player');
    const log = blenderScript('test/edit/blender-bake.py', glb, baked);
    expect(log).toMatch(/SCENE fps=60/);
    const bakedIfp = join(scratch, 'baked.ifp'),
      reducedIfp = join(scratch, 'reduced.ifp');
    gameanim('import', baked, '--skeleton', model, '-o', bakedIfp, '--name', 'ped');
    const before = new IFPReader(new Uint8Array(readFileSync(bakedIfp))).getAnimation('walk_player')!;
    // Blender keyed every 60 Hz frame; import already takes off the keys a line through their
    // neighbours gives within 0.05 degrees and 0.1 mm (its `reduced-keys` warning), and --reduce, which
    // measures the whole hierarchy in model space against a 0.5 mm shell, goes further.
    expect(Math.max(...before.bones.map((b) => b.times.length))).toBeGreaterThan(20);

    const printed = JSON.parse(gameanim('edit', bakedIfp, '--reduce', '0.05', '--skeleton', model, '-o', reducedIfp, '--json'))
      .reductions[0];
    const after = new IFPReader(new Uint8Array(readFileSync(reducedIfp))).getAnimation('walk_player')!;
    const skeleton = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
    const measured = worstShellError(before, after, skeleton);
    console.log(
      `blender-baked walk_player: keys ${printed.keysBefore} -> ${printed.keysAfter}, ${printed.bytesSaved} bytes saved (file ${statSync(bakedIfp).size} -> ${statSync(reducedIfp).size}); worst printed ${printed.worst.error.toFixed(4)} cm (${printed.worst.bone} at ${printed.worst.time.toFixed(3)} s), measured ${measured.error.toFixed(4)} cm`,
    );
    expect(printed.bytesSaved).toBeGreaterThan(0);
    expect(statSync(bakedIfp).size - statSync(reducedIfp).size).toBe(printed.bytesSaved);
    expect(printed.worst.error).toBeLessThanOrEqual(0.05);
    expect(measured.error).toBeLessThanOrEqual(0.05);
    expect(measured.error).toBeCloseTo(printed.worst.error, 4);
    expect(after.keyframeCount).toBe(printed.keysAfter);
  }, 600_000);
});
