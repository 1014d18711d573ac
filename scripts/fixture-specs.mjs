// The documents behind fixtures/*.ifp. Tests import this too, to compare what the reader decodes
// from the committed files with what was written. Values on compressed tracks sit exactly on the
// int16 grid (rotation /4096, time /60, translation /1024), so they survive quantisation unchanged.

const f32 = (values) => Float32Array.from(values);

/** A smooth, deterministic unit-ish quaternion run, already on the 1/4096 grid. */
function rotations(frameCount, phase) {
  const out = [];
  for (let i = 0; i < frameCount; i++) {
    const angle = phase + i * 0.25;
    out.push(Math.trunc(Math.sin(angle) * 0.5 * 4096) / 4096, 0, Math.trunc(Math.cos(angle) * 0.25 * 4096) / 4096, Math.trunc(0.8 * 4096) / 4096);
  }
  return f32(out);
}

function track(boneName, boneId, keyframeType, compressed, rawTimes, phase = 0) {
  const n = rawTimes.length;
  return {
    boneName,
    boneId,
    keyframeType,
    compressed,
    times: f32(rawTimes.map((tick) => tick / 60)),
    rotations: rotations(n, phase),
    translations: keyframeType === 'KR00' ? null : f32(Array.from({ length: 3 * n }, (_, i) => ((i % 3) - 1) * (i + 1) * 0.125)),
    scales: keyframeType === 'KRTS' ? f32(Array.from({ length: 3 * n }, (_, i) => 1 + i / 8)) : null,
  };
}

/** ANP3 with all four frame types, boneId -1, junk after NUL in names, and repeated/negative times. */
export const anp3AllTypes = [
  {
    name: 'fixture\0stale',
    animations: [
      {
        name: 'WEAPON_start_throw\0ax5\0=',
        bones: [
          track('Root', 0, 'KRT0', true, [0, 6, 12, 36]),
          track(' Pelvis\0junk', 1, 'KR00', true, [0, 12, 36], 1),
          track('R Hand', 24, 'KR00', false, [0, 18], 2),
          track('Object', -1, 'KRT0', false, [0, 9, 30], 3),
        ],
      },
      { name: 'Odd_Times', bones: [track('Root', 0, 'KR00', true, [-6, 0, 0, 30])] },
    ],
  },
];

/** ANP2: as ANP3 without frameDataSize and flags. */
export const anp2Basic = [
  {
    name: 'older_tool',
    animations: [
      { name: 'idle', bones: [track('Root', 0, 'KRT0', true, [0, 30, 60]), track('Spine', 3, 'KR00', true, [0, 60], 1)] },
      { name: 'float', bones: [track('Root', 0, 'KRT0', false, [0, 15]), track('Head', 5, 'KR00', false, [0, 15], 2)] },
    ],
  },
];

/** ANPK with every key chunk, and a bone with no keys. */
export const anpkAllKeys = [
  {
    name: 'vc_style',
    animations: [
      {
        name: 'walk_civi',
        bones: [
          track('Root', 0, 'KRT0', false, [0, 10, 20]),
          track('Pelvis', 1, 'KR00', false, [0, 20], 1),
          track('Bip01 L Thigh', 41, 'KRTS', false, [0, 20], 2),
          track('Unkeyed', 2, 'KR00', false, []),
        ],
      },
      { name: 'idle_stance', bones: [track('Root', 0, 'KR00', false, [0, 40], 3)] },
    ],
  },
];

/** GTA III style: 48-byte ANIM chunks, so no bone ids. */
export const anpkGta3 = [
  {
    name: 'ped',
    animations: [{ name: 'run_civi', bones: [track('Swaist', -1, 'KRT0', false, [0, 8]), track('Shead', -1, 'KR00', false, [0, 8], 1)] }],
  },
];

export const TRAILING_GARBAGE = Uint8Array.from('stale bytes left by a tool\x01\x02\x03', (c) => c.charCodeAt(0));

/** An ANM2 clip: `boneCount` bones, parents from `parentOf`, smooth unit quaternions at 30 Hz. */
function anm2Clip(boneCount, frameCount, parentOf, withRootMotion) {
  const sampleRate = 30;
  const parents = Array.from({ length: boneCount }, (_, i) => parentOf(i));
  const inverseBindMatrices = new Float32Array(16 * boneCount);
  for (let b = 0; b < boneCount; b++) {
    // Identity rotation, translated back by the bone's rest position (0, b * 0.25, 0): column-major.
    inverseBindMatrices.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.25 * b, 0, 1], 16 * b);
  }
  const tracks = parents.map((_, b) => {
    const rotations = new Float32Array(4 * frameCount);
    for (let i = 0; i < frameCount; i++) {
      const half = (0.1 * b + 0.05 * i) / 2;
      rotations.set([Math.sin(half) * 0.6, Math.sin(half) * 0.8, 0, Math.cos(half)], 4 * i);
    }
    return { rotations };
  });
  const rootMotion = withRootMotion ? Float32Array.from({ length: 3 * frameCount }, (_, k) => (k % 3 === 2 ? 0.05 * Math.floor(k / 3) : 0)) : null;
  return { duration: (frameCount - 1) / sampleRate, sampleRate, frameCount, parents, inverseBindMatrices, tracks, rootMotion };
}

export const anm2TwoBone = anm2Clip(2, 5, (i) => i - 1, true);
/** The seed's rig size: 48 bones in a tree (each bone's parent is (i - 1) / 2), no root motion. */
export const anm2FortyEight = anm2Clip(48, 10, (i) => (i === 0 ? -1 : (i - 1) >> 1), false);
/** An odd-sized unknown chunk first and the known chunks out of order: QUAT lands unaligned. */
export const anm2OddChunk = {
  clip: { ...anm2TwoBone, unknownChunks: [{ id: 'NOTE', data: Uint8Array.from('hello', (c) => c.charCodeAt(0)) }] },
  chunkOrder: ['NOTE', 'QUAT', 'HEAD', 'TRAN', 'BONE'],
};
