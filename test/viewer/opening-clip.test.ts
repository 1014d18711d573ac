// The clip the viewer opens on (viewer/opening-clip.ts): an idle or a walk, not the package's first.
import { describe, expect, it } from 'vitest';
import { bindClip, DFFReader, IFPReader } from '../../src/index.js';
import { chooseOpeningClip, openingBone } from '../../viewer/opening-clip.js';
import { sample, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';

describe('chooseOpeningClip', () => {
  it('takes the preferred names in order, ignoring case and padding', () => {
    expect(chooseOpeningClip(['abseil', 'WALK_civi', ' IDLE_stance', 'idle'], [0.03, 1, 2, 3])).toBe(2);
    expect(chooseOpeningClip(['abseil', 'walk', 'idle'], [0.03, 1, 3])).toBe(2);
    expect(chooseOpeningClip(['abseil', 'walk', 'WALK_player', 'walk_civi'], [0.03, 1, 1, 1])).toBe(3);
    expect(chooseOpeningClip(['abseil', 'walk', 'WALK_player'], [0.03, 1, 1])).toBe(2);
  });
  it('then a name holding idle, then walk, then the longest clip (the first of equals)', () => {
    expect(chooseOpeningClip(['abseil', 'walk_start', 'woman_idlestance'], [0.03, 1, 2])).toBe(2);
    expect(chooseOpeningClip(['abseil', 'sprint', 'walk_start'], [0.03, 5, 1])).toBe(2);
    expect(chooseOpeningClip(['abseil', 'door_open', 'door_shut', 'lift'], [0.03, 2, 2, 1])).toBe(1);
    expect(chooseOpeningClip([], [])).toBe(-1);
  });
});

describeWith([SAMPLES], 'chooseOpeningClip on the sample IFPs', () => {
  it('opens GTA III ped.ifp on idle_stance, the SA ped sample on WALK_player, PYTHON on its longest', () => {
    const chosen = (name: string) => {
      const animations = new IFPReader(sample(name)).animations;
      return animations[
        chooseOpeningClip(
          animations.map((a) => a.name),
          animations.map((a) => a.duration),
        )
      ]!.name;
    };
    expect(chosen('iii_pcanims_ped_anpk.ifp')).toBe('idle_stance');
    expect(chosen('rwparserng_ped_anp3.ifp')).toBe('WALK_player');
    const python = new IFPReader(sample('sa_python_anp3.ifp')).animations;
    const longest = Math.max(...python.map((a) => a.duration));
    expect(python.map((a) => a.name)).not.toContain('idle');
    expect(chosen('sa_python_anp3.ifp')).toBe(python.find((a) => a.duration === longest)!.name);
  });
});

describeWith([SAMPLES], 'openingBone on a GTA III ped', () => {
  it("opens gang01 with idle_stance on a bone the clip keys, not the clump's frame (which has no keys)", () => {
    const skeleton = new DFFReader(sample('iii/gang01.dff')).skeleton!;
    const idle = new IFPReader(sample('iii_pcanims_ped_anpk.ifp')).getAnimation('idle_stance')!;
    const bound = bindClip(idle, skeleton);
    expect(bound.trackOfBone[0]).toBe(-1);
    const bone = openingBone(bound.trackOfBone);
    expect(bone).toBeGreaterThan(0);
    expect(bound.trackOfBone[bone]).toBeGreaterThanOrEqual(0);
    expect(idle.tracks[bound.trackOfBone[bone]!]!.times.length).toBeGreaterThan(0);
    expect(openingBone(Int32Array.of(-1, -1))).toBe(0);
  });
});
