// Rules on a package and its animations as a list: names, counts, what the game finds by name.
import { float32Text } from '../../core/float32.js';
import { nameKey } from '../../core/names.js';
import type { IFPPackage } from '../../ifp/reader.js';
import type { ScannedPackage } from '../../ifp/scan.js';
import type { Animation } from '../../ifp/track.js';
import type { AddFinding } from './findings.js';
import { MAX_COUNT, NAME_BYTES } from './key-rules.js';

/** SA's CAnimBlock::Name is 16 bytes with the NUL (MAX_ANIM_BLOCK_NAME). */
const BLOCK_NAME_BYTES = 15;
/** SA's ms_aAnimations holds 2500 animations for every package loaded (III 250, VC 450). */
const MAX_ANIMATIONS = 2500;
/** Where a package's animation count is: after the ANP header's magic, size and name; in ANPK's INFO. */
const ANP_COUNT_AT = 32;
const ANPK_COUNT_AT = 16;

/**
 * `entryName`: the IMG entry the package was read from. SA registers the block under the entry's
 * name and the loader looks it up by the package's name; only the first package is loaded.
 */
export function lintPackage(
  pkg: IFPPackage,
  scanned: ScannedPackage,
  first: boolean,
  entryName: string | undefined,
  add: AddFinding,
): void {
  const at = scanned.byteOffset + 8;
  if (pkg.name.length > NAME_BYTES)
    add('name-too-long', null, null, at, `package name "${pkg.name}" has more than ${NAME_BYTES} bytes: the game looks the block up by it`);
  else if (pkg.format !== 'ANPK' && pkg.name.length > BLOCK_NAME_BYTES)
    add(
      'package-name-too-long',
      null,
      null,
      at,
      `package name "${pkg.name}" has more than ${BLOCK_NAME_BYTES} bytes: SA keeps 16 with the NUL, and finds the block by it`,
    );
  if (first && entryName !== undefined) {
    const stem = entryName.replace(/\.[^.]*$/, '');
    if (nameKey(stem) !== nameKey(pkg.name))
      add(
        'package-name-mismatch',
        null,
        null,
        at,
        `the package is "${pkg.name}", the entry "${entryName}": SA registers the block "${stem}" and loads the animations into another`,
      );
  }
  if (pkg.animations.length > MAX_ANIMATIONS)
    add(
      'too-many-animations',
      null,
      null,
      scanned.byteOffset + (pkg.format === 'ANPK' ? ANPK_COUNT_AT : ANP_COUNT_AT),
      `${pkg.animations.length} animations: the game holds ${MAX_ANIMATIONS} in all (SA; GTA III 250, VC 450)`,
    );
  const seen = new Map<string, string>();
  pkg.animations.forEach((animation, a) => {
    const where = scanned.animations[a]!.byteOffset ?? scanned.byteOffset;
    const key = nameKey(animation.name);
    if (seen.has(key))
      add(
        'duplicate-name',
        animation.name,
        null,
        where,
        `"${animation.name}" is also "${seen.get(key)}" as the game compares names (case ignored): the game finds the first`,
      );
    else seen.set(key, animation.name);
    lintAnimation(animation, where, add);
  });
}

function lintAnimation(animation: Animation, where: number, add: AddFinding): void {
  const name = animation.name;
  if (name.length > NAME_BYTES) add('name-too-long', name, null, where, `animation name has more than ${NAME_BYTES} bytes`);
  if (animation.bones.length === 0)
    add('no-tracks', name, null, where, 'the animation has no tracks: SA reads a first track that is not there');
  if (animation.bones.length > MAX_COUNT)
    add('count-overflow', name, null, where, `${animation.bones.length} tracks: the game counts them in 16 bits (at most ${MAX_COUNT})`);
  if (animation.bones.length && animation.duration < 1 / 60)
    add(
      'shorter-than-a-frame',
      name,
      null,
      where,
      `the clip lasts ${float32Text(animation.duration)} s, less than one 60 Hz frame: it plays as a single pose`,
    );
  const bones = new Map<string, string>();
  for (const bone of animation.bones) {
    // The game binds by id where there is one, else by name (case ignored).
    const key = bone.boneId !== -1 ? `id ${bone.boneId}` : `name ${nameKey(bone.boneName)}`;
    const other = bones.get(key);
    if (other !== undefined)
      add(
        'duplicate-track',
        name,
        bone.boneName,
        where,
        `"${bone.boneName}" drives the same bone as "${other}" (${key}): only one of them plays`,
      );
    else bones.set(key, bone.boneName);
  }
}
