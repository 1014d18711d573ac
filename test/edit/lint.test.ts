import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  createSkeleton,
  DFFReader,
  filterFindings,
  LINT_RULE_TABLE,
  LINT_RULES,
  lintIFP,
  summarizeLint,
  writeIFP,
  type AnimationData,
  type LintCode,
  type TrackData,
} from '../../src/index.js';
import { fixture, sample, samplesPresent, SAMPLES_SKIP_MESSAGE, SAMPLES } from '../helpers/files.js';
import { itWith } from '../helpers/needs.js';

const track = (over: Partial<TrackData> & { keys?: number } = {}): TrackData => {
  const keys = over.keys ?? 3;
  return {
    boneName: 'bone',
    boneId: 1,
    keyframeType: 'KR00',
    compressed: false,
    times: Float32Array.from({ length: keys }, (_, k) => k / 30),
    rotations: Float32Array.from({ length: 4 * keys }, (_, i) => (i % 4 === 3 ? 1 : 0)),
    translations: null,
    scales: null,
    ...over,
  };
};
const lint = (animations: AnimationData[], format: 'ANP3' | 'ANPK' = 'ANP3', name = 'pkg') =>
  lintIFP(writeIFP([{ name, animations }], { format }));
const codes = (findings: ReturnType<typeof lintIFP>) => [...new Set(findings.map((f) => f.code))].sort();

/** Where the first animation of an ANP3 file made by writeIFP starts: after the 36-byte package header. */
const ANP3_FIRST_ANIMATION = 36;
/** An ANP3 package whose first animation's header field at `field` (28: frame-data size, 32: flags) is set to `value`. */
const patched = (animations: AnimationData[], field: number, value: number) => {
  const bytes = writeIFP([{ name: 'pkg', animations }], { format: 'ANP3' });
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(ANP3_FIRST_ANIMATION + field, value, true);
  return lintIFP(bytes);
};
const skeleton = () => createSkeleton({ names: ['Root', 'Other'], ids: [0, 99], parents: [-1, 0], restTranslations: [0, 0, 0, 0, 0, 1] });

/** One package per rule, made to break exactly that rule. */
const FIXTURES: Record<Exclude<LintCode, 'decode-error' | 'reader-warning' | 'anpk-chunk-size'>, () => ReturnType<typeof lintIFP>> = {
  'unknown-bone-id': () => lint([{ name: 'a', bones: [track({ boneId: 77 })] }]),
  'bone-id-out-of-range': () => lint([{ name: 'a', bones: [track({ boneId: 40000 })] }]),
  'name-too-long': () => lint([{ name: 'a_name_of_twenty_four_ch', bones: [track()] }]),
  'package-name-too-long': () => lint([{ name: 'a', bones: [track()] }], 'ANP3', 'sixteen_bytes_xx'),
  'package-name-mismatch': () =>
    lintIFP(writeIFP([{ name: 'PED', animations: [{ name: 'a', bones: [track()] }] }], { format: 'ANP3' }), { entryName: 'drivebys.ifp' }),
  'too-many-animations': () =>
    lint(Array.from({ length: 2501 }, (_, i) => ({ name: `a${i}`, bones: [track({ keys: 1, compressed: true })] }))),
  'anpk-chunk-too-long': () => lint([{ name: 'n'.repeat(300), bones: [track({ boneId: -1 })] }], 'ANPK'),
  'duplicate-name': () =>
    lint([
      { name: 'Walk', bones: [track()] },
      { name: 'WALK', bones: [track()] },
    ]),
  'no-tracks': () => lint([{ name: 'a', bones: [] }]),
  'compression-flag': () => patched([{ name: 'a', bones: [track({ compressed: true })] }], 32, 0),
  'frame-data-too-small': () => patched([{ name: 'a', bones: [track({ compressed: true })] }], 28, 10),
  'count-overflow': () =>
    lint([
      { name: 'a', bones: [track({ keys: 32768, compressed: true, times: Float32Array.from({ length: 32768 }, (_, k) => k / 120) })] },
    ]),
  'duplicate-track': () => lint([{ name: 'a', bones: [track({ boneName: 'Spine' }), track({ boneName: 'Spine copy' })] }]),
  'scale-ignored': () =>
    lint(
      [
        {
          name: 'a',
          bones: [track({ boneId: -1, keyframeType: 'KRTS', translations: new Float32Array(9), scales: new Float32Array(9).fill(1) })],
        },
      ],
      'ANPK',
    ),
  'time-goes-back': () => lint([{ name: 'a', bones: [track({ times: Float32Array.of(0, 0.5, 0.25) })] }]),
  'zero-length-track': () => lint([{ name: 'a', bones: [track({ times: Float32Array.of(0.5, 0.5, 0.5) })] }]),
  'time-repeats': () => lint([{ name: 'a', bones: [track({ times: Float32Array.of(0, 0.5, 0.5) })] }]),
  'first-key-not-zero': () => lint([{ name: 'a', bones: [track({ times: Float32Array.of(0.5, 1, 1.5) })] }]),
  'off-grid-time': () => lint([{ name: 'a', bones: [track({ times: Float32Array.of(0, 0.0123, 0.5) })] }]),
  'does-not-compress': () =>
    lint([{ name: 'a', bones: [track({ boneId: 0, keyframeType: 'KRT0', translations: Float32Array.of(0, 0, 0, 40, 0, 0, 0, 0, 0) })] }]),
  'hemisphere-flip': () => lint([{ name: 'a', bones: [track({ rotations: Float32Array.of(0, 0, 0, 1, 0, 0, 0, -1, 0, 0, 0, -1) })] }]),
  'not-unit-length': () => lint([{ name: 'a', bones: [track({ rotations: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1) })] }]),
  'translation-off-root': () =>
    lint([
      {
        name: 'a',
        bones: [
          track({ boneId: 0 }),
          track({ boneId: 2, keyframeType: 'KRT0', translations: Float32Array.of(0, 0, 0, 0.5, 0, 0, 1, 0, 0) }),
        ],
      },
    ]),
  'shorter-than-a-frame': () => lint([{ name: 'a', bones: [track({ keys: 1 })] }]),
  'empty-track': () => lint([{ name: 'a', bones: [track({ boneId: 0 }), track({ keys: 0 })] }]),
  'empty-track-anpk': () =>
    lint([{ name: 'a', bones: [track({ boneId: -1 }), track({ boneId: -1, boneName: 'other', keys: 0 })] }], 'ANPK'),
  // Float keys (not compressed) keep NaN's bits through the writer and the reader.
  'non-finite-value': () =>
    lint([{ name: 'a', bones: [track({ boneId: 0, keyframeType: 'KRT0', translations: Float32Array.of(0, 0, 0, 0, NaN, 0, 0, 0, 0) })] }]),
  'no-bone-matches': () =>
    lintIFP(writeIFP([{ name: 'p', animations: [{ name: 'a', bones: [track({ boneId: 5, boneName: 'Head' })] }] }], { format: 'ANP3' }), {
      skeleton: skeleton(),
    }),
  'unbound-tracks': () =>
    lintIFP(
      writeIFP(
        [
          {
            name: 'p',
            animations: [{ name: 'a', bones: [track({ boneId: 0, boneName: 'Root' }), track({ boneId: 5, boneName: 'Head' })] }],
          },
        ],
        { format: 'ANP3' },
      ),
      {
        skeleton: skeleton(),
      },
    ),
};

describe('lintIFP: one fixture per rule', () => {
  it.each(Object.keys(FIXTURES))('%s', (code) => {
    const findings = FIXTURES[code as keyof typeof FIXTURES]();
    expect(codes(findings), JSON.stringify(findings)).toContain(code);
    const finding = findings.find((f) => f.code === code)!;
    expect(finding.severity).toBe(LINT_RULES[code as LintCode]);
    expect(finding.offset).toBeGreaterThan(0);
  });

  it('the skeleton rules need a skeleton, and name the unbound tracks', () => {
    expect(codes(FIXTURES['no-bone-matches']())).toEqual(['no-bone-matches']);
    expect(FIXTURES['unbound-tracks']()).toMatchObject([
      { code: 'unbound-tracks', severity: 'note', animation: 'a', message: '1 of 2 tracks drive no bone of the skeleton: "Head"' },
    ]);
    expect(
      lintIFP(writeIFP([{ name: 'p', animations: [{ name: 'a', bones: [track({ boneId: 5, boneName: 'Head' })] }] }], { format: 'ANP3' })),
    ).toEqual([]);
  });

  it('unbound-tracks: with a frame-bound model (GTA III), a track naming no frame of it, while others bind (case ignored)', () => {
    const skeleton = new DFFReader(fixture('dff-rigid-ped.dff')).skeleton!;
    const bones = [track({ boneId: -1, boneName: 'SWAIST' }), track({ boneId: -1, boneName: 'Stail' })];
    const findings = lintIFP(writeIFP([{ name: 'p', animations: [{ name: 'a', bones }] }], { format: 'ANPK' }), { skeleton });
    const unbound = findings.filter((f) => f.code === 'unbound-tracks');
    expect(unbound.map((f) => [f.animation, f.severity])).toEqual([['a', 'note']]);
    expect(unbound[0]!.message).toContain('"Stail"');
    expect(codes(findings)).not.toContain('no-bone-matches');
  });

  itWith([SAMPLES])(
    "unbound-tracks: III's ped.ifp on player.dff binds every track of its frame clips; the clips for skinned peds (Bip01 names: FPS_ROCKET, skin_*) bind none",
    () => {
      const skeleton = new DFFReader(sample('iii/player.dff')).skeleton!;
      const findings = lintIFP(sample('iii_pcanims_ped_anpk.ifp'), { skeleton });
      expect(findings.filter((f) => f.code === 'unbound-tracks')).toEqual([]);
      expect(findings.filter((f) => f.code === 'no-bone-matches').map((f) => f.animation)).toEqual([
        'FPS_ROCKET',
        'skin_idle_stance',
        'skin_run_player',
        'skin_sprint_civi',
        'skin_walk_player',
        'skin_walk_start',
      ]);
    },
  );

  itWith([SAMPLES])(
    'the real SA and III files with a skin: no error and no warning, on every sample skin; a clip for another model is one note',
    () => {
      const sa = ['rwparserng_ped_anp3.ifp', 'sa_python_anp3.ifp', 'sa_vegasn_anp3.ifp', 'sa_grenade_anp3.ifp'];
      const cases: Array<[string, string]> = [
        ...['dff/sa_skin_plain.dff', 'dff/sa_skin_protected.dff', 'dff/sa_skin_modelspace_frames.dff'].flatMap((skin) =>
          sa.map((file): [string, string] => [file, skin]),
        ),
        ['iii_pcanims_ped_anpk.ifp', 'iii/player.dff'],
        ['iii_pcanims_ped_anpk.ifp', 'iii/gang01.dff'],
      ];
      for (const [file, skin] of cases) {
        const findings = lintIFP(sample(file), { skeleton: new DFFReader(sample(skin)).skeleton! });
        expect(summarizeLint(findings), `${file} on ${skin}`).toMatchObject({ errors: 0, warnings: 0 });
      }
      // vegasN's object clips on a ped: each said once, as a note.
      const vegas = lintIFP(sample('sa_vegasn_anp3.ifp'), { skeleton: new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton! }).filter(
        (f) => f.code === 'no-bone-matches',
      );
      expect(vegas.map((f) => f.severity)).toEqual(Array(6).fill('note'));
      expect(new Set(vegas.map((f) => f.animation)).size).toBe(6);
    },
  );

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
    expect(rotation.filter((f) => f.code === 'non-finite-value')).toMatchObject([
      { severity: 'error', message: expect.stringMatching(/^key 2 has a rotation of NaN/) },
    ]);
    const translation = lint([
      { name: 'a', bones: [track({ boneId: 0, keyframeType: 'KRT0', translations: Float32Array.of(0, 0, 0, Infinity, 0, 0, 0, 0, 0) })] },
    ]);
    expect(translation.filter((f) => f.code === 'non-finite-value')).toMatchObject([
      { message: expect.stringMatching(/^key 1 has a translation of Infinity/) },
    ]);
  });

  it('name-too-long counts Latin-1 bytes, as the writer stores names: 23 accented letters fit, 24 do not', () => {
    const fits = `${'àéîõü'.repeat(4)}çñß`; // 23 characters, 46 bytes as UTF-8
    expect(codes(lint([{ name: fits, bones: [track({ boneName: fits })] }], 'ANP3', fits))).not.toContain('name-too-long');
    expect(codes(lint([{ name: `${fits}é`, bones: [track()] }]))).toContain('name-too-long');
  });

  it('decode-error and reader-warning: a file the reader refuses is one finding, not a throw; what it warns of is a note', () => {
    expect(lintIFP(fixture('anp3-all-types.ifp').subarray(0, 30))).toMatchObject([{ code: 'decode-error', severity: 'error', offset: 0 }]);
    expect(codes(lintIFP(fixture('multi-package-trailing.ifp')))).toContain('reader-warning');
  });

  it('a clean generated package has no finding, and the real samples no error but for what the games themselves ship', () => {
    expect(
      lint([
        {
          name: 'clean',
          bones: [
            track({ boneId: 0, keyframeType: 'KRT0', compressed: true, translations: new Float32Array(9) }),
            track({ compressed: true }),
          ],
        },
      ]),
    ).toEqual([]);
  });

  it('every rule has a fixture, a severity and a loader source', () => {
    const special = ['decode-error', 'reader-warning', 'anpk-chunk-size'];
    expect([...Object.keys(FIXTURES), ...special].sort()).toEqual(Object.keys(LINT_RULE_TABLE).sort());
    for (const rule of Object.values(LINT_RULE_TABLE)) expect(rule.source.length).toBeGreaterThan(10);
    const documented = [
      ...readFileSync(fileURLToPath(new URL('../../docs/lint.md', import.meta.url)), 'utf8').matchAll(/^\| `([a-z0-9-]+)` \| (\w+) \|/gm),
    ].map((m) => [m[1], m[2]]);
    expect(documented).toEqual(Object.entries(LINT_RULES));
  });
});

describe('lintIFP: times in the messages', () => {
  it('are the shortest text that reads back to the f32 the file holds (0.05 s, never 0.05000000074505806 s)', () => {
    const message = (code: LintCode, findings: ReturnType<typeof lintIFP>) => findings.find((f) => f.code === code)!.message;
    // Float frames (uncompressed), so the f32 times are kept as written.
    const f = (times: number[]) => lint([{ name: 'a', bones: [track({ keys: times.length, times: Float32Array.from(times) })] }]);
    expect(message('first-key-not-zero', f([0.05, 0.1, 0.3]))).toBe('the first key is at 0.05 s, not 0: its time is added on every loop');
    expect(message('time-goes-back', f([0, 0.3, 0.1]))).toBe('key 2 at 0.1 s comes before key 1 at 0.3 s');
    expect(message('time-repeats', f([0, 0.1, 0.1]))).toBe('keys 1 and 2 share the time 0.1 s');
    expect(message('zero-length-track', f([0.7, 0.7]))).toBe('all 2 keys are at 0.7 s: a looped clip hangs the game');
  });
});

describe('lintIFP: severity, ignore and the summary', () => {
  // Two flips (notes), one time going back (error) and an unknown bone id (note).
  const findings = () =>
    lint([
      { name: 'a', bones: [track({ boneId: 77, rotations: Float32Array.of(0, 0, 0, 1, 0, 0, 0, -1, 0, 0, 0, -1) })] },
      {
        name: 'b',
        bones: [track({ times: Float32Array.of(0, 0.5, 0.25), rotations: Float32Array.of(0, 0, 0, 1, 0, 0, 0, -1, 0, 0, 0, -1) })],
      },
    ]);

  it('counts per code, errors first', () => {
    expect(summarizeLint(findings())).toEqual({
      errors: 1,
      warnings: 0,
      notes: 3,
      codes: [
        { code: 'time-goes-back', severity: 'error', count: 1 },
        { code: 'hemisphere-flip', severity: 'note', count: 2 },
        { code: 'unknown-bone-id', severity: 'note', count: 1 },
      ],
    });
  });

  it('keeps a severity and above, and leaves out ignored codes, in lintIFP and filterFindings alike', () => {
    const bytes = writeIFP(
      [{ name: 'pkg', animations: [{ name: 'b', bones: [track({ boneId: 77, times: Float32Array.of(0, 0.5, 0.25) })] }] }],
      { format: 'ANP3' },
    );
    expect(lintIFP(bytes, { severity: 'warning' }).map((f) => f.code)).toEqual(['time-goes-back']);
    expect(lintIFP(bytes, { ignore: ['time-goes-back'] }).map((f) => f.code)).toEqual(['unknown-bone-id']);
    expect(filterFindings(findings(), { severity: 'note', ignore: ['hemisphere-flip'] }).map((f) => f.code)).toEqual([
      'unknown-bone-id',
      'time-goes-back',
    ]);
    expect(filterFindings(findings(), { severity: 'error' })).toHaveLength(1);
  });
});

/** The retail files give notes only: what the games ship, they play. Counts per code, per file. */
const RETAIL: Record<string, Partial<Record<LintCode, number>>> = {
  'rwparserng_ped_anp3.ifp': { 'reader-warning': 1 },
  'sa_python_anp3.ifp': { 'hemisphere-flip': 18 },
  'sa_grenade_anp3.ifp': { 'reader-warning': 4 },
  'sa_vegasn_anp3.ifp': { 'first-key-not-zero': 1 },
  'iii_pcanims_ped_anpk.ifp': {
    'hemisphere-flip': 276,
    'first-key-not-zero': 116,
    'empty-track-anpk': 11,
    'translation-off-root': 10,
    'scale-ignored': 8,
    'shorter-than-a-frame': 1,
  },
};

describe('lintIFP on the retail samples', () => {
  if (!samplesPresent) {
    it.skip(SAMPLES_SKIP_MESSAGE, () => {});
    return;
  }
  it.each(Object.keys(RETAIL))('%s: no error, no warning, and these notes', (name) => {
    const summary = summarizeLint(lintIFP(sample(name)));
    expect(summary.errors + summary.warnings).toBe(0);
    expect(Object.fromEntries(summary.codes.map((c) => [c.code, c.count]))).toEqual(RETAIL[name]);
  });
});
