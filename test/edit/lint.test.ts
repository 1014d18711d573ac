import { describe, expect, it } from 'vitest';
import { createSkeleton, DFFReader, LINT_RULES, lintIFP, writeIFP, type AnimationData, type LintCode, type TrackData } from '../../src/index.js';
import { fixture, sample, samplesPresent } from '../helpers/files.js';

const track = (over: Partial<TrackData> & { keys?: number } = {}): TrackData => {
  const keys = over.keys ?? 3;
  return {
    boneName: 'bone', boneId: 1, keyframeType: 'KR00', compressed: false,
    times: Float32Array.from({ length: keys }, (_, k) => k / 30),
    rotations: Float32Array.from({ length: 4 * keys }, (_, i) => (i % 4 === 3 ? 1 : 0)),
    translations: null, scales: null,
    ...over,
  };
};
const lint = (animations: AnimationData[], format: 'ANP3' | 'ANPK' = 'ANP3', name = 'pkg') => lintIFP(writeIFP([{ name, animations }], { format }));
const codes = (findings: ReturnType<typeof lintIFP>) => [...new Set(findings.map((f) => f.code))].sort();

/** One package per rule, made to break exactly that rule. */
const FIXTURES: Record<Exclude<LintCode, 'decode-error' | 'reader-warning' | 'no-bone-matches' | 'unbound-track' | 'anpk-chunk-size'>, () => ReturnType<typeof lintIFP>> = {
  'unknown-bone-id': () => lint([{ name: 'a', bones: [track({ boneId: 77 })] }]),
  'name-too-long': () => lint([{ name: 'a_name_of_twenty_four_ch', bones: [track()] }]),
  'duplicate-name': () => lint([{ name: 'Walk', bones: [track()] }, { name: 'WALK', bones: [track()] }]),
  'time-goes-back': () => lint([{ name: 'a', bones: [track({ times: Float32Array.of(0, 0.5, 0.25) })] }]),
  'time-repeats': () => lint([{ name: 'a', bones: [track({ times: Float32Array.of(0, 0.5, 0.5) })] }]),
  'off-grid-time': () => lint([{ name: 'a', bones: [track({ times: Float32Array.of(0, 0.0123, 0.5) })] }]),
  'does-not-compress': () => lint([{ name: 'a', bones: [track({ boneId: 0, keyframeType: 'KRT0', translations: Float32Array.of(0, 0, 0, 40, 0, 0, 0, 0, 0) })] }]),
  'hemisphere-flip': () => lint([{ name: 'a', bones: [track({ rotations: Float32Array.of(0, 0, 0, 1, 0, 0, 0, -1, 0, 0, 0, -1) })] }]),
  'not-unit-length': () => lint([{ name: 'a', bones: [track({ rotations: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1) })] }]),
  'translation-off-root': () => lint([{ name: 'a', bones: [track({ boneId: 0 }), track({ boneId: 2, keyframeType: 'KRT0', translations: Float32Array.of(0, 0, 0, 0.5, 0, 0, 1, 0, 0) })] }]),
  'shorter-than-a-frame': () => lint([{ name: 'a', bones: [track({ keys: 1 })] }]),
  'empty-track': () => lint([{ name: 'a', bones: [track({ boneId: 0 }), track({ keys: 0 })] }]),
  // Float keys (not compressed) keep NaN's bits through the writer and the reader.
  'non-finite-value': () => lint([{ name: 'a', bones: [track({ boneId: 0, keyframeType: 'KRT0', translations: Float32Array.of(0, 0, 0, 0, NaN, 0, 0, 0, 0) })] }]),
};

describe('lintIFP: one fixture per rule', () => {
  it.each(Object.keys(FIXTURES))('%s', (code) => {
    const findings = FIXTURES[code as keyof typeof FIXTURES]();
    expect(codes(findings), JSON.stringify(findings)).toContain(code);
    const finding = findings.find((f) => f.code === code)!;
    expect(finding.severity).toBe(LINT_RULES[code as LintCode]);
    expect(finding.offset).toBeGreaterThan(0);
  });

  it('no-bone-matches: a clip that drives none of the given skeleton bones is an error', () => {
    const skeleton = createSkeleton({ names: ['Root', 'Other'], ids: [0, 99], parents: [-1, 0], restTranslations: [0, 0, 0, 0, 0, 1] });
    const bytes = writeIFP([{ name: 'p', animations: [{ name: 'a', bones: [track({ boneId: 5, boneName: 'Head' })] }] }], { format: 'ANP3' });
    expect(codes(lintIFP(bytes, { skeleton }))).toContain('no-bone-matches');
    expect(codes(lintIFP(bytes))).not.toContain('no-bone-matches');
  });

  it('unbound-track: with a frame-bound model (GTA III), a track naming no frame of it, while others bind (case ignored)', () => {
    const skeleton = new DFFReader(fixture('dff-rigid-ped.dff')).skeleton!;
    const bones = [track({ boneId: -1, boneName: 'SWAIST' }), track({ boneId: -1, boneName: 'Stail' })];
    const findings = lintIFP(writeIFP([{ name: 'p', animations: [{ name: 'a', bones }] }], { format: 'ANPK' }), { skeleton });
    const unbound = findings.filter((f) => f.code === 'unbound-track');
    expect(unbound.map((f) => [f.bone, f.severity])).toEqual([['Stail', 'warning']]);
    expect(unbound[0]!.message).toMatch(/no frame of that name/);
    expect(codes(findings)).not.toContain('no-bone-matches');
  });

  it.skipIf(!samplesPresent)("unbound-track: III's ped.ifp on player.dff binds every track of its frame clips; the clips for skinned peds (Bip01 names: FPS_ROCKET, skin_*) bind none", () => {
    const skeleton = new DFFReader(sample('iii/player.dff')).skeleton!;
    const findings = lintIFP(sample('iii_pcanims_ped_anpk.ifp'), { skeleton });
    expect(findings.filter((f) => f.code === 'unbound-track')).toEqual([]);
    expect(findings.filter((f) => f.code === 'no-bone-matches').map((f) => f.animation)).toEqual(['FPS_ROCKET', 'skin_idle_stance', 'skin_run_player', 'skin_sprint_civi', 'skin_walk_player', 'skin_walk_start']);
  });

  it('anpk-chunk-size: an ANPK animation that mixes 44- and 48-byte ANIM chunks', () => {
    const bones = [track({ boneId: -1 }), track({ boneId: -1, boneName: 'other' })];
    const one = writeIFP([{ name: 'p', animations: [{ name: 'a', bones }] }], { format: 'ANPK', anpkAnimChunkSize: 44 });
    const other = writeIFP([{ name: 'p', animations: [{ name: 'a', bones }] }], { format: 'ANPK', anpkAnimChunkSize: 48 });
    // Splice the second CPAN of the 48-byte file into the 44-byte one: one animation, both sizes.
    const cpans = (bytes: Uint8Array) => [...Buffer.from(bytes).toString('latin1').matchAll(/CPAN/g)].map((m) => m.index!);
    const [a0, a1] = cpans(one);
    const [, b1] = cpans(other);
    const mixed = new Uint8Array([...one.subarray(0, a1!), ...other.subarray(b1!)]);
    const view = new DataView(mixed.buffer);
    // Sizes of the outer chunks now disagree with their contents: fix the DGAN and ANPK sizes.
    const dganAt = Buffer.from(mixed).indexOf('DGAN');
    view.setUint32(dganAt + 4, mixed.length - dganAt - 8, true);
    view.setUint32(4, mixed.length - 8, true);
    void a0;
    expect(codes(lintIFP(mixed))).toContain('anpk-chunk-size');
    expect(codes(lintIFP(one))).not.toContain('anpk-chunk-size');
  });

  it('non-finite-value: NaN or an infinity in a rotation or a translation is an error, at its key', () => {
    const rotation = lint([{ name: 'a', bones: [track({ rotations: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, NaN, 0, 0, 1) })] }]);
    expect(rotation.filter((f) => f.code === 'non-finite-value')).toMatchObject([{ severity: 'error', message: expect.stringMatching(/^key 2 has a rotation of NaN/) }]);
    const translation = lint([{ name: 'a', bones: [track({ boneId: 0, keyframeType: 'KRT0', translations: Float32Array.of(0, 0, 0, Infinity, 0, 0, 0, 0, 0) })] }]);
    expect(translation.filter((f) => f.code === 'non-finite-value')).toMatchObject([{ message: expect.stringMatching(/^key 1 has a translation of Infinity/) }]);
  });

  it('name-too-long counts Latin-1 bytes, as the writer stores names: 23 accented letters fit, 24 do not', () => {
    const fits = 'àéîõü'.repeat(4) + 'çñß'; // 23 characters, 46 bytes as UTF-8
    expect(codes(lint([{ name: fits, bones: [track({ boneName: fits })] }], 'ANP3', fits))).not.toContain('name-too-long');
    expect(codes(lint([{ name: `${fits}é`, bones: [track()] }]))).toContain('name-too-long');
  });

  it('decode-error and reader-warning: a file the reader refuses is one finding, not a throw; what it warns of is a note', () => {
    expect(lintIFP(fixture('anp3-all-types.ifp').subarray(0, 30))).toMatchObject([{ code: 'decode-error', severity: 'error', offset: 0 }]);
    expect(codes(lintIFP(fixture('multi-package-trailing.ifp')))).toContain('reader-warning');
  });

  it('a clean generated package has no finding, and the real samples no error but for what the games themselves ship', () => {
    expect(lint([{ name: 'clean', bones: [track({ boneId: 0, keyframeType: 'KRT0', compressed: true, translations: new Float32Array(9) }), track({ compressed: true })] }])).toEqual([]);
    if (samplesPresent) for (const name of ['sa_python_anp3.ifp', 'sa_grenade_anp3.ifp']) expect(lintIFP(sample(name)).filter((f) => f.severity === 'error'), name).toEqual([]);
  });
});
