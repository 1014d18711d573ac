import { ArgumentError } from './errors.js';
import { nameKey } from './names.js';

/**
 * A bone hierarchy with its rest pose, shared by every format: DFF models, ANM2 clips, IGI 2 clips
 * and models. Bones are in an order where every parent comes before its children.
 */
export interface Skeleton {
  /** Tells a skeleton from a clip or a bound clip where an API takes any of them. */
  readonly kind: 'skeleton';
  readonly boneCount: number;
  /** As stored (' Pelvis' keeps its space). */
  readonly names: string[];
  /** HAnim node ids; -1 where a format has none. */
  readonly ids: Int32Array;
  /** -1 for roots; every parent comes before its children. */
  readonly parents: Int32Array;
  /** x y z w per bone, local to the parent, unit length. */
  readonly restRotations: Float32Array;
  /** x y z per bone, local to the parent. */
  readonly restTranslations: Float32Array;
  /** 16 per bone, column-major; null where the format has none. */
  readonly inverseBindMatrices: Float32Array | null;
  /** x y z per bone, the scale a skin's bind matrices give each bone (kept apart from its rotation); null when there is none. */
  readonly restScales: Float32Array | null;
  /**
   * How tracks without a usable bone id find their bone by name: 'frames' by the bone names above;
   * 'bone-tags' through the game's bone-tag name table (a skinned GTA ped: see `boneTagId`).
   */
  readonly bindNames: 'frames' | 'bone-tags';
  /**
   * The rig family, where a format knows it ('gta', 'igi2', 'anm2'): clips of another family are not
   * bound to it. Undefined matches any clip.
   */
  readonly rig: string | undefined;
  /**
   * What a track's translation means for a bone: 'replace' (the default), the bone's local position;
   * 'offset', an offset added to the bone's rest position, as GTA III and VC pose an unskinned model's
   * frames and GTA III a skinned ped's bones (docs/binding.md). Rotations always replace the rest rotation.
   */
  readonly trackTranslations: 'replace' | 'offset';
  /** Bone indices, the first of which `indexOf` finds when bones share a name; null: bone order. */
  readonly namePrecedence: Int32Array | null;
  /** The bone with this HAnim id (a number) or name (compared as the games do: case and surrounding spaces ignored); -1 when absent. */
  indexOf(nameOrId: string | number): number;
}

/**
 * What `createSkeleton` builds a skeleton from: names and parents, and optionally ids, the rest pose, inverse bind matrices and how bones
 * are looked up.
 */
export interface SkeletonInit {
  names: string[];
  parents: ArrayLike<number>;
  ids?: ArrayLike<number>;
  restRotations?: ArrayLike<number>;
  restTranslations?: ArrayLike<number>;
  inverseBindMatrices?: ArrayLike<number> | null;
  restScales?: ArrayLike<number> | null;
  bindNames?: 'frames' | 'bone-tags';
  rig?: string;
  trackTranslations?: 'replace' | 'offset';
  /**
   * When bones share a name, which one `indexOf` finds: the first of them in this list of bone
   * indices. Default: bone order (the first bone of the name). A frame-bound model passes the order in
   * which the game's frame search lets a later match win (docs/binding.md).
   */
  namePrecedence?: ArrayLike<number>;
}

/** How bone names are matched: the games ignore ASCII case, and tools trim the padding spaces. */
export function boneNameKey(name: string): string {
  return nameKey(name.trim());
}

/**
 * Builds a `Skeleton`, checking its shape: array lengths, and parents that are whole numbers from -1
 * to the bone before. Mistakes are `RangeError`s (readers turn their own checks into `DecodeError`s
 * first). Missing rest rotations are identity, missing translations and ids are 0 and -1.
 */
export function createSkeleton(init: SkeletonInit): Skeleton {
  const boneCount = init.names.length;
  const sized = (what: string, values: ArrayLike<number> | undefined | null, per: number): void => {
    if (values && values.length !== per * boneCount)
      throw new ArgumentError('size-mismatch', `skeleton ${what} has ${values.length} values for ${boneCount} bones (${per} per bone)`);
  };
  sized('parents', init.parents, 1);
  sized('ids', init.ids, 1);
  sized('restRotations', init.restRotations, 4);
  sized('restTranslations', init.restTranslations, 3);
  sized('inverseBindMatrices', init.inverseBindMatrices, 16);
  sized('restScales', init.restScales, 3);
  if (
    init.namePrecedence &&
    !Array.prototype.every.call(init.namePrecedence, (bone: number) => Number.isInteger(bone) && bone >= 0 && bone < boneCount)
  ) {
    throw new ArgumentError('bad-argument', `skeleton namePrecedence names a bone outside 0 to ${boneCount - 1}`);
  }
  const parents = Int32Array.from(init.parents);
  for (let bone = 0; bone < boneCount; bone++) {
    const parent = init.parents[bone]!;
    if (!(Number.isInteger(parent) && parent >= -1 && parent < bone)) {
      throw new ArgumentError('bad-parent', `skeleton bone ${bone} has parent ${parent}; a parent must be -1 or a bone before it`);
    }
  }
  const restRotations = new Float32Array(4 * boneCount);
  if (init.restRotations) restRotations.set(init.restRotations);
  else for (let bone = 0; bone < boneCount; bone++) restRotations[4 * bone + 3] = 1;
  return new SkeletonData(
    [...init.names],
    init.ids ? Int32Array.from(init.ids) : new Int32Array(boneCount).fill(-1),
    parents,
    restRotations,
    init.restTranslations ? Float32Array.from(init.restTranslations) : new Float32Array(3 * boneCount),
    init.inverseBindMatrices ? Float32Array.from(init.inverseBindMatrices) : null,
    init.restScales ? Float32Array.from(init.restScales) : null,
    init.bindNames ?? 'frames',
    init.rig,
    init.trackTranslations ?? 'replace',
    init.namePrecedence ? Int32Array.from(init.namePrecedence) : null,
  );
}

class SkeletonData implements Skeleton {
  #byName: Map<string, number> | undefined;
  #byId: Map<number, number> | undefined;
  readonly kind = 'skeleton';

  constructor(
    readonly names: string[],
    readonly ids: Int32Array,
    readonly parents: Int32Array,
    readonly restRotations: Float32Array,
    readonly restTranslations: Float32Array,
    readonly inverseBindMatrices: Float32Array | null,
    readonly restScales: Float32Array | null,
    readonly bindNames: 'frames' | 'bone-tags',
    readonly rig: string | undefined,
    readonly trackTranslations: 'replace' | 'offset',
    readonly namePrecedence: Int32Array | null,
  ) {}

  get boneCount(): number {
    return this.names.length;
  }

  indexOf(nameOrId: string | number): number {
    if (typeof nameOrId === 'number') {
      this.#byId ??= firstIndex(this.ids, (id) => id);
      return nameOrId === -1 ? -1 : (this.#byId.get(nameOrId) ?? -1);
    }
    this.#byName ??= firstIndex(this.names, boneNameKey, this.namePrecedence ?? undefined);
    return this.#byName.get(boneNameKey(nameOrId)) ?? -1;
  }
}

/** Each key's first item, visiting the items in `order` when given (indices into `items`; items left out are never found). */
function firstIndex<T, K>(items: ArrayLike<T>, keyOf: (item: T) => K, order?: ArrayLike<number>): Map<K, number> {
  const index = new Map<K, number>();
  for (let at = 0; at < (order ?? items).length; at++) {
    const i = order ? order[at]! : at;
    const key = keyOf(items[i]!);
    if (!index.has(key)) index.set(key, i);
  }
  return index;
}

/** What is wrong with a parents array, for the caller to report in its own error type. */
export type HierarchyProblem = { kind: 'bad-parent'; bone: number; parent: number } | { kind: 'cycle'; bone: number; cycle: number[] };

/** The first problem of a parents array (-1 for roots, else an index into the array), or undefined. */
export function hierarchyProblem(parents: ArrayLike<number>): HierarchyProblem | undefined {
  const count = parents.length;
  for (let bone = 0; bone < count; bone++) {
    const parent = parents[bone]!;
    if (!(Number.isInteger(parent) && parent >= -1 && parent < count)) return { kind: 'bad-parent', bone, parent };
  }
  const state = new Uint8Array(count); // 0 unseen, 1 on the current path, 2 known to reach a root
  for (let start = 0; start < count; start++) {
    const path: number[] = [];
    let bone = start;
    while (bone >= 0 && state[bone] === 0) {
      state[bone] = 1;
      path.push(bone);
      bone = parents[bone]!;
    }
    if (bone >= 0 && state[bone] === 1) return { kind: 'cycle', bone, cycle: path.slice(path.indexOf(bone)) };
    for (const b of path) state[b] = 2;
  }
  return undefined;
}

export function describeHierarchyProblem(problem: HierarchyProblem): string {
  return problem.kind === 'bad-parent'
    ? `bone ${problem.bone} has parent ${problem.parent}; expected a whole number from -1 to the bone count - 1`
    : problem.cycle.length === 1
      ? `bone ${problem.bone} is its own parent`
      : `bones ${problem.cycle.join(' -> ')} -> ${problem.bone} form a cycle`;
}

/**
 * Bone indices with every parent before its children: roots first, then level by level. Throws a
 * `RangeError` for a parents array that is not a forest.
 */
export function hierarchyOrder(parents: ArrayLike<number>): Int32Array {
  const problem = hierarchyProblem(parents);
  if (problem)
    throw new ArgumentError(
      problem.kind === 'bad-parent' ? 'bad-parent' : 'hierarchy-cycle',
      `parents: ${describeHierarchyProblem(problem)}`,
    );
  const count = parents.length;
  const children: number[][] = Array.from({ length: count }, () => []);
  const order: number[] = [];
  for (let bone = 0; bone < count; bone++) {
    const parent = parents[bone]!;
    if (parent < 0) order.push(bone);
    else children[parent]!.push(bone);
  }
  for (let i = 0; i < order.length; i++) for (const child of children[order[i]!]!) order.push(child);
  return Int32Array.from(order);
}

/** 1 for each of `roots` and every bone below them, else 0. A walk of at most `count` steps per bone, so a cycle cannot hang it. */
export function descendantsMask(parents: ArrayLike<number>, roots: Iterable<number>): Uint8Array {
  const count = parents.length;
  const mask = new Uint8Array(count);
  const rootSet = new Set(roots);
  for (let bone = 0; bone < count; bone++) {
    for (let at = bone, steps = 0; at >= 0 && at < count && steps <= count; at = parents[at]!, steps++) {
      if (rootSet.has(at)) {
        mask[bone] = 1;
        break;
      }
    }
  }
  return mask;
}
