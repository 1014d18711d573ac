// The documents behind fixtures/*.ifp. Tests import this too, to compare what the reader decodes
// from the committed files with what was written. Values on compressed tracks sit exactly on the
// int16 grid (rotation /4096, time /60, translation /1024), so they survive quantisation unchanged.

const f32 = (values) => Float32Array.from(values);

/** A smooth, deterministic unit-ish quaternion run, already on the 1/4096 grid. */
function rotations(frameCount, phase) {
  const out = [];
  for (let i = 0; i < frameCount; i++) {
    const angle = phase + i * 0.25;
    out.push(
      Math.trunc(Math.sin(angle) * 0.5 * 4096) / 4096,
      0,
      Math.trunc(Math.cos(angle) * 0.25 * 4096) / 4096,
      Math.trunc(0.8 * 4096) / 4096,
    );
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

/**
 * A cutscene as San Andreas stores one: ANPK, one animation per object named after it, on one
 * timeline (2 s). Three objects over models of different skeletons: csped (dff-ped-5bone.dff, by bone
 * id), csgta3 (dff-skinned-gta3.dff, by III's names) and csrigid (dff-rigid-ped.dff, by frame name).
 */
export const anpkCutscene = [
  {
    name: 'cutscene',
    animations: [
      {
        name: 'csped',
        bones: [
          track('Root', 0, 'KRT0', false, [0, 60, 120]),
          track('Pelvis', 1, 'KR00', false, [0, 60, 120], 1),
          track('R UpperArm', 22, 'KR00', false, [0, 120], 2),
        ],
      },
      {
        name: 'csgta3',
        bones: [
          track('Swaist', -1, 'KRT0', false, [0, 60, 120], 3),
          track('Storso', -1, 'KR00', false, [0, 120], 4),
          track('Shead', -1, 'KR00', false, [0, 60, 120], 5),
        ],
      },
      {
        name: 'csrigid',
        bones: [
          track('Swaist', -1, 'KRT0', false, [0, 120], 6),
          track('storso', -1, 'KR00', false, [0, 60, 120], 7),
          track('Supperlegl', -1, 'KR00', false, [0, 120], 8),
        ],
      },
    ],
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
  const rootMotion = withRootMotion
    ? Float32Array.from({ length: 3 * frameCount }, (_, k) => (k % 3 === 2 ? 0.05 * Math.floor(k / 3) : 0))
    : null;
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

// ---- ANIM sprite scripts ----
import { OPCODES } from '../packages/gameanim/dist/sprite/opcodes.js';

const i = (time, name, ...args) => ({ time, name, args });
/** Byte offset of instruction `index` in a list, as the writer lays it out. */
const offsetOf = (instructions, index) =>
  instructions.slice(0, index).reduce((n, ins) => n + 4 + OPCODES.find((op) => op.name === ins.name).size, 0);
/** A JUMP to instruction `index` of `instructions` (offset mode). */
const jumpTo = (time, instructions, index) => i(time, 'JUMP', offsetOf(instructions, index));

const showcase = [
  i(0, 'NOP'),
  i(0, 'SET_SPRITE', 2),
  i(0, 'SET_RANDOM_SPRITE', 0, 3),
  i(0, 'SET_OFFSET', 1, 2, 3),
  i(0, 'SET_SCALE', 2, 2),
  i(0, 'SET_ROTATION', 0, 0, 1.5),
  i(0, 'SET_COLOR', 255, 128, 0),
  i(0, 'SET_ALPHA', 200),
  i(0, 'SET_VISIBILITY', 1),
  i(0, 'SET_BLEND_MODE', 2),
  i(0, 'SCROLL_TEXTURE_X', 0.25),
  i(0, 'SCROLL_TEXTURE_Y', -0.5),
  i(0, 'FLIP_X'),
  i(0, 'FLIP_Y'),
  i(0, 'ANCHOR_TOP_LEFT'),
  i(0, 'SET_OFFSET_SPEED', 0, 0, 0),
  i(0, 'SET_SCALE_SPEED', 0, 0),
  i(0, 'SET_ROTATION_SPEED', 0, 0, 0.125),
  i(0, 'Z_WRITE_DISABLE', 1),
  i(10, 'FADE', 0, 20, 1),
  i(10, 'MOVE_TO', 10, 20, 0, 30, 4),
  i(10, 'ROTATE_TO', 0, 0, 3, 30, 7),
  i(10, 'SCALE_TO', 1, 1, 30, 28),
];
// A forward JUMP to the instruction after it (a JUMP takes 4 + 4 bytes).
showcase.push(i(40, 'JUMP', offsetOf(showcase, showcase.length) + 8));
showcase.push(i(40, 'INTERRUPT_LABEL', 5), i(41, 'PAUSE'), i(50, 'STOP'));

const loop = [i(0, 'SET_SPRITE', 1), i(10, 'SET_SPRITE', 2)];
loop.push(jumpTo(20, loop, 0), i(30, 'STOP'));
const tight = [i(0, 'NOP')];
tight.push(jumpTo(0, tight, 0), i(0, 'STOP'));
const random = [i(0, 'SET_RANDOM_SPRITE', 0, 3)];
random.push(jumpTo(1, random, 0), i(2, 'STOP'));

/** Every opcode at least once, both path strings, a looping script and a paused one. */
export const spritesAllOpcodes = {
  width: 256,
  height: 128,
  texturePath: 'data/sprites/bullets.png',
  alphaPath: 'data/sprites/bullets_a.png',
  sprites: [0, 1, 2, 3, 4].map((id) => ({ id, x: (id % 4) * 32, y: Math.floor(id / 4) * 32, width: 32, height: 32 })),
  scripts: [
    { id: 1, instructions: showcase },
    { id: 2, instructions: [i(0, 'SET_SPRITE', 0), i(0, 'FADE', 0, 60, 0), i(120, 'STOP')] },
    { id: 3, instructions: [i(0, 'FADE', 0, 60, 4), i(120, 'STOP')] },
    { id: 4, instructions: [i(0, 'SET_SPRITE', 2), i(0, 'SET_OFFSET', 0, 0, 0), i(0, 'MOVE_TO', 100, 50, 0, 30, 0), i(60, 'STOP')] },
    {
      id: 5,
      instructions: [
        i(0, 'SET_OFFSET_SPEED', 1, 2, 0),
        i(0, 'SET_SCALE_SPEED', 0.5, 0),
        i(0, 'SET_ROTATION_SPEED', 0, 0, 0.25),
        i(0, 'SCROLL_TEXTURE_X', 0.5),
        i(100, 'STOP'),
      ],
    },
    { id: 6, instructions: loop },
    {
      id: 7,
      instructions: [
        i(0, 'SET_SPRITE', 0),
        i(5, 'SET_VISIBILITY', 0),
        i(5, 'PAUSE'),
        i(5, 'INTERRUPT_LABEL', 7),
        i(5, 'SET_SPRITE', 3),
        i(40, 'STOP'),
      ],
    },
    { id: 8, instructions: tight },
    { id: 9, instructions: random },
    { id: 10, instructions: [i(0, 'PAUSE'), i(0, 'INTERRUPT_LABEL', -1), i(0, 'SET_SPRITE', 4), i(10, 'STOP')] },
  ],
};

/** No texture or alpha path. */
export const spritesNoPaths = {
  width: 64,
  height: 64,
  texturePath: null,
  alphaPath: null,
  sprites: [{ id: 0, x: 0, y: 0, width: 64, height: 64 }],
  scripts: [{ id: 0, instructions: [i(0, 'SET_SPRITE', 0), i(5, 'STOP')] }],
};

/** A 3x3 rotation (right, up, at columns) of `degrees` about Z. */
function aboutZ(degrees) {
  const c = Math.cos((degrees * Math.PI) / 180);
  const s = Math.sin((degrees * Math.PI) / 180);
  return [c, s, 0, -s, c, 0, 0, 0, 1];
}

/** The inverse of a rigid frame chain's world matrix, column-major 4x4, for each bone (a bind pose equal to the rest pose). */
function inverseBinds(frames, boneFrames) {
  const world = frames.map(() => null);
  const local = (f) => {
    const [a, b, c, d, e, g, h, i, j] = f.rotation;
    return [a, b, c, 0, d, e, g, 0, h, i, j, 0, f.position[0], f.position[1], f.position[2], 1];
  };
  const multiply = (p, q) =>
    Array.from({ length: 16 }, (_, k) => {
      const column = Math.floor(k / 4),
        row = k % 4;
      return p[row] * q[4 * column] + p[4 + row] * q[4 * column + 1] + p[8 + row] * q[4 * column + 2] + p[12 + row] * q[4 * column + 3];
    });
  frames.forEach((f, i) => (world[i] = f.parent < 0 ? local(f) : multiply(world[f.parent], local(f))));
  return boneFrames.flatMap((frame) => {
    const m = world[frame];
    // Rigid: inverse = [Rᵀ | -Rᵀ t].
    const r = [m[0], m[4], m[8], m[1], m[5], m[9], m[2], m[6], m[10]];
    const t = [m[12], m[13], m[14]];
    const it = [0, 1, 2].map((row) => -(r[row] * t[0] + r[3 + row] * t[1] + r[6 + row] * t[2]));
    return [r[0], r[1], r[2], 0, r[3], r[4], r[5], 0, r[6], r[7], r[8], 0, it[0], it[1], it[2], 1];
  });
}

const pedFrames = [
  { name: '', parent: -1, rotation: aboutZ(0), position: [0, 0, 0] },
  // The root bone at the origin, as the game places a skinned ped's root: frames and Skin PLG agree.
  { name: 'Root', parent: 0, rotation: aboutZ(0), position: [0, 0, 0], hanimId: 0 },
  { name: ' Pelvis', parent: 1, rotation: aboutZ(90), position: [0, 0, 0.25], hanimId: 1 },
  { name: ' Spine', parent: 2, rotation: aboutZ(0), position: [0.125, 0, 0], hanimId: 2 },
  { name: 'R UpperArm', parent: 3, rotation: aboutZ(-90), position: [0.25, -0.125, 0], hanimId: 22 },
  { name: 'R Hand', parent: 4, rotation: aboutZ(0), position: [0.375, 0, 0], hanimId: 24 },
];

/** A five-bone SA-style skeleton whose ids and names bind to anp3AllTypes; Skin PLG in the newer layout. */
export const dffPed = {
  frames: pedFrames,
  hierarchy: {
    frame: 1,
    nodes: [
      { id: 0, flags: 0 },
      { id: 1, flags: 0 },
      { id: 2, flags: 0 },
      { id: 22, flags: 0 },
      { id: 24, flags: 1 },
    ],
  },
  inverseBindMatrices: inverseBinds(pedFrames, [1, 2, 3, 4, 5]),
  skinLayout: 'plain',
};

/** The same skeleton with a branch (PUSH/POP) and the older Skin PLG layout (0xDEADDEAD before each matrix). */
const branchFrames = [
  ...pedFrames.slice(0, 4),
  { ...pedFrames[4], parent: 3 },
  { name: 'L UpperArm', parent: 3, rotation: aboutZ(90), position: [0.25, 0.125, 0], hanimId: 32 },
];
export const dffBranchOldSkin = {
  frames: branchFrames,
  hierarchy: {
    frame: 1,
    nodes: [
      { id: 0, flags: 0 },
      { id: 1, flags: 0 },
      { id: 2, flags: 0 },
      { id: 22, flags: 3 },
      { id: 32, flags: 1 },
    ],
  },
  inverseBindMatrices: inverseBinds(branchFrames, [1, 2, 3, 4, 5]),
  skinLayout: 'deaddead',
};

/** A prop: frames and names, no HAnim hierarchy. */
export const dffProp = {
  frames: [
    { name: 'door', parent: -1, rotation: aboutZ(0), position: [0, 0, 0] },
    { name: 'handle', parent: 0, rotation: aboutZ(45), position: [0.5, 0, 1] },
  ],
};

/** A box of half-size `h`, centred `up` metres along the frame's z: 8 vertices, 12 triangles, with UVs. */
function box(h, up) {
  const positions = [];
  const uvs = [];
  for (let i = 0; i < 8; i++) {
    positions.push(i & 1 ? h : -h, i & 2 ? h : -h, up + (i & 4 ? h : -h));
    uvs.push(i & 1 ? 1 : 0, i & 2 ? 1 : 0);
  }
  const faces = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  return { positions, uvs, triangles: faces.flatMap(([a, b, c, d]) => [a, b, c, a, c, d]) };
}

/**
 * A GTA III-style ped: no HAnim, no skin; frames named as III's ped.ifp tracks in mixed case
 * ('storso'), one rigid textured box per body part, a scaled head frame, a 4-byte Clump Struct and
 * RenderWare 3.2's stamp (geometries keep the lighting floats).
 */
export const dffRigidPed = {
  libraryId: 0x0800ffff,
  clumpStructBytes: 4,
  frames: [
    { name: 'tinyped', parent: -1, rotation: aboutZ(0), position: [0, 0, 0] },
    { name: 'Swaist', parent: 0, rotation: aboutZ(0), position: [0, 0, 0] },
    { name: 'storso', parent: 1, rotation: aboutZ(10), position: [0, 0, 0.25] },
    { name: 'Shead', parent: 2, rotation: aboutZ(0).map((v) => v * 1.05), position: [0, 0, 0.3] },
    { name: 'Supperlegl', parent: 1, rotation: aboutZ(0), position: [0, 0.1, -0.05] },
    { name: 'slowerlegl', parent: 4, rotation: aboutZ(0), position: [0, 0, -0.4] },
  ],
  atomics: [1, 2, 3, 4, 5].map((frame) => ({
    frame,
    ...box(0.08, frame === 4 || frame === 5 ? -0.2 : 0.1),
    color: [200, 180, 160, 255],
    texture: 'tinyskin',
  })),
};

/** GTA III's bone tags (re3 built with PED_SKIN, src/animation/Bones.h): the HAnim id of each bone name. */
const GTA3_BONE_TAGS = [
  'Swaist',
  'Supperlegr',
  'Slowerlegr',
  'Sfootr',
  'Supperlegl',
  'Slowerlegl',
  'Sfootl',
  'Smid',
  'Storso',
  'Shead',
  'Supperarmr',
  'Slowerarmr',
  'SRhand',
  'Supperarml',
  'Slowerarml',
  'SLhand',
];

/** A 3x3 rotation (right, up, at columns) from a unit quaternion x y z w. */
function quaternionMatrix([x, y, z, w]) {
  return [
    1 - 2 * (y * y + z * z),
    2 * (x * y + z * w),
    2 * (x * z - y * w),
    2 * (x * y - z * w),
    1 - 2 * (x * x + z * z),
    2 * (y * z + x * w),
    2 * (x * z + y * w),
    2 * (y * z - x * w),
    1 - 2 * (x * x + y * y),
  ];
}

/**
 * A skinned GTA III ped (as re3's PED_SKIN build and the mobile ports carry them) over the frames of an
 * unskinned one: the clump frame, then every part depth first, named as III names it and with its bone
 * tag as HAnim id, the hierarchy on the first part, and a Skin PLG whose bind pose is the frames'.
 * `ped` is a skeleton-like record: names, parents (bone 0 is the clump frame), unit rotations x y z w,
 * translations.
 */
export function skinnedGta3(ped) {
  const count = ped.names.length;
  const children = Array.from({ length: count }, () => []);
  for (let bone = 1; bone < count; bone++) children[ped.parents[bone]].push(bone);
  const order = [];
  const visit = (bone) => (order.push(bone), children[bone].forEach(visit));
  visit(0);
  const at = new Map(order.map((bone, index) => [bone, index]));
  const frames = order.map((bone) => ({
    name: ped.names[bone],
    parent: bone === 0 ? -1 : at.get(ped.parents[bone]),
    rotation: quaternionMatrix(Array.from(ped.rotations.slice(4 * bone, 4 * bone + 4))),
    position: Array.from(ped.translations.slice(3 * bone, 3 * bone + 3)),
    hanimId: bone === 0 ? -1 : GTA3_BONE_TAGS.findIndex((tag) => tag.toLowerCase() === ped.names[bone].toLowerCase()),
  }));
  // PUSH (2) where a later sibling follows, POP (1) at a leaf.
  const nodes = order.slice(1).map((bone) => {
    const siblings = children[ped.parents[bone]];
    return {
      id: frames[at.get(bone)].hanimId,
      flags: (siblings.at(-1) !== bone && ped.parents[bone] !== 0 ? 2 : 0) | (children[bone].length ? 0 : 1),
    };
  });
  const boneFrames = order.slice(1).map((bone) => at.get(bone));
  return { frames, hierarchy: { frame: 1, nodes }, inverseBindMatrices: inverseBinds(frames, boneFrames), skinLayout: 'plain' };
}

/** GTA III's ped parts, parented as in III's peds, at made-up positions (metres), a few turned. */
const GTA3_PARTS = [
  ['tinyped', -1, 0, [0, 0, 0]],
  ['Swaist', 0, -90, [0, 0, 1]],
  ['Smid', 1, 0, [0.05, 0, 0]],
  ['Supperlegl', 1, 180, [-0.04, 0, 0.1]],
  ['Supperlegr', 1, 180, [-0.04, 0, -0.1]],
  ['Slowerlegr', 4, -8, [0.42, 0, 0]],
  ['Slowerlegl', 3, -8, [0.42, 0, 0]],
  ['Storso', 2, 0, [0.2, 0, 0]],
  ['Sfootr', 5, 10, [0.38, 0, 0]],
  ['Sfootl', 6, 10, [0.38, 0, 0]],
  ['Supperarml', 7, 160, [0.24, 0, 0.25]],
  ['Supperarmr', 7, 160, [0.24, 0, -0.25]],
  ['Shead', 7, 11, [0.41, 0.1, 0]],
  ['Slowerarmr', 11, -25, [0.28, 0, 0]],
  ['Slowerarml', 10, -25, [0.28, 0, 0]],
  ['SRhand', 13, 0, [0.28, 0, 0]],
  ['SLhand', 14, 0, [0.28, 0, 0]],
];

/** A skinned GTA III ped of the 16 parts III's ped.ifp names: bone tags as HAnim ids, names as III's tracks. */
export const dffSkinnedGta3 = skinnedGta3({
  names: GTA3_PARTS.map(([name]) => name),
  parents: GTA3_PARTS.map(([, parent]) => parent),
  rotations: GTA3_PARTS.flatMap(([, , degrees]) => [0, 0, Math.sin((degrees * Math.PI) / 360), Math.cos((degrees * Math.PI) / 360)]),
  translations: GTA3_PARTS.flatMap(([, , , position]) => position),
});

/** A unit quaternion of `degrees` about an axis (x, y, z need not be unit). */
function quat(degrees, x, y, z) {
  const half = (degrees * Math.PI) / 360;
  const n = Math.hypot(x, y, z);
  return [(x / n) * Math.sin(half), (y / n) * Math.sin(half), (z / n) * Math.sin(half), Math.cos(half)];
}

function igi2Track(ticks, phase, withPositions) {
  const keys = ticks.map((_tick, k) => quat(20 * k + phase, 1, k + 1, 2));
  return {
    rotationTicks: Uint32Array.from(ticks),
    rotations: f32(keys.flat()),
    // Tangents off the key for some keys, equal for others (as in 44% of retail keys).
    inTangents: f32(keys.flatMap((q, k) => (k % 2 ? quat(20 * k + phase - 5, 1, k + 1, 2) : q))),
    outTangents: f32(keys.flatMap((q, k) => (k % 2 ? quat(20 * k + phase + 5, 1, k + 1, 2) : q))),
    positionTicks: withPositions ? Uint32Array.from(ticks) : null,
    positions: withPositions ? f32(ticks.flatMap((t) => [t / 16, 0, 4096])) : null,
  };
}

/**
 * A three-bone IGI 2 clip with every entry type: rotations with tangents, root motion, an attachment with pose and re-parenting keys, a
 * trigger, and wrap keys after the separator.
 */
export const igi2Clip = {
  name: 'fixture_clip',
  looping: true,
  durationTicks: 960,
  skeleton: { parents: [-1, 0, 0], restTranslations: [0, 0, 0, 100, 0, 0, -100, 0, 0] },
  tracks: [igi2Track([0, 480, 960], 0, true), igi2Track([0, 320, 640], 10, false), igi2Track([0], 30, false)],
  attachments: [
    {
      name: 'weapon',
      position: f32([1, 2, 3]),
      orientation: f32([0, 0, 0, 1]),
      rotation2: f32([0, 0, 0, 1]),
      unknown: 0.5,
      bone: 1,
      keys: [
        { ticks: 0, time: 0, position: f32([1, 2, 3]), rotation: f32([0, 0, 0, 1]), bone: null, matrix: null },
        { ticks: 480, time: 0.1, position: f32([4, 5, 6]), rotation: null, bone: 2, matrix: f32([1, 0, 0, 0, 1, 0, 0, 0, 1]) },
      ],
    },
  ],
  triggers: [{ ticks: 320, time: 320 / 4800, bone: -1, event: 7, position: f32([10, 20, 30]) }],
  wrapKeys: { tracks: [igi2Track([1120], 50, true), igi2Track([1120], 60, false)], attachmentKeys: [[]], triggers: [] },
};

/** A cutscene camera path: a zoom from 70 to 45 degrees, a slight roll, and position and target moving over 2 s. */
const f32s = (...values) => Float32Array.from(values);
export const cameraPath = {
  zoom: { times: f32s(0, 1.5, 2), values: f32s(70, 55.5, 45), width: 1 },
  roll: { times: f32s(0, 2), values: f32s(0, -3.25), width: 1 },
  position: { times: f32s(0, 1, 2), values: f32s(1, 2, 3, 4.5, 2.25, 3.125, 8, -1, 2.5), width: 3 },
  target: { times: f32s(0, 2), values: f32s(0, 0, 1, 0.1, 0.2, 1.3), width: 3 },
};

// A texture dictionary of one 4 x 4 texture, 8888 (Direct3D 9), one level: a gradient, so a decoder
// that mixes up the channels shows it.
const TXD_IDS = [0x1803ffff, 0x1803ffff, 0x1803ffff];
export const txdOneTexture = {
  deviceId: 2,
  extension: new Uint8Array(0),
  libraryIds: TXD_IDS,
  textures: [
    {
      name: 'gradient',
      maskName: '',
      platformId: 9,
      filterFlags: 0x1106,
      rasterFormat: 0x500,
      formatWord: 21,
      width: 4,
      height: 4,
      depth: 32,
      rasterType: 4,
      compression: 1,
      palette: null,
      levels: [{ width: 4, height: 4, data: Uint8Array.from({ length: 64 }, (_, i) => (i * 4) & 0xff) }],
      extension: new Uint8Array(0),
      libraryIds: TXD_IDS,
    },
  ],
};
