// An independent measure of key reduction's error, written plainly for the tests: its own key
// search, slerp (acos and sin, in f64), quaternion matrices and hierarchy walk. Nothing from
// src/playback or src/edit, so a mistake there cannot hide in the measurement.
import type { Animation, Skeleton } from '../../src/index.js';

type Vec = [number, number, number];
type Quat = [number, number, number, number];
interface Rigid {
  q: Quat;
  t: Vec;
}

function normalise(q: Quat): Quat {
  const n = Math.hypot(...q);
  return n ? [q[0] / n, q[1] / n, q[2] / n, q[3] / n] : [0, 0, 0, 1];
}

function slerp(a: Quat, b: Quat, u: number): Quat {
  let dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  if (dot < 0) (b = [-b[0], -b[1], -b[2], -b[3]]), (dot = -dot);
  if (dot > 0.9999999) return normalise([0, 1, 2, 3].map((c) => a[c]! + (b[c]! - a[c]!) * u) as Quat);
  const angle = Math.acos(Math.min(1, dot));
  const wa = Math.sin((1 - u) * angle) / Math.sin(angle),
    wb = Math.sin(u * angle) / Math.sin(angle);
  return [0, 1, 2, 3].map((c) => wa * a[c]! + wb * b[c]!) as Quat;
}

function rotate(q: Quat, v: Vec): Vec {
  const [x, y, z, w] = q;
  // v + 2w (q × v) + 2 q × (q × v)
  const cx = y * v[2] - z * v[1],
    cy = z * v[0] - x * v[2],
    cz = x * v[1] - y * v[0];
  return [v[0] + 2 * (w * cx + y * cz - z * cy), v[1] + 2 * (w * cy + z * cx - x * cz), v[2] + 2 * (w * cz + x * cy - y * cx)];
}

function multiply(a: Quat, b: Quat): Quat {
  return [
    a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
    a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
    a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
    a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
  ];
}

type Track = Animation['bones'][number];

/** A track's local transform at `time`: keys held outside the key range, slerp and lerp between. */
function sampleTrack(track: Track, time: number, rest: Vec): Rigid {
  const { times, rotations: r, translations: tr } = track;
  const key = (k: number): Rigid => ({
    q: normalise([r[4 * k]!, r[4 * k + 1]!, r[4 * k + 2]!, r[4 * k + 3]!]),
    t: tr ? [tr[3 * k]!, tr[3 * k + 1]!, tr[3 * k + 2]!] : rest,
  });
  const last = times.length - 1;
  if (time <= times[0]!) return key(0);
  if (time >= times[last]!) return key(last);
  let k = 0;
  while (times[k + 1]! <= time) k++;
  const a = key(k),
    b = key(k + 1);
  const u = (time - times[k]!) / (times[k + 1]! - times[k]!);
  return { q: slerp(a.q, b.q, u), t: [0, 1, 2].map((c) => a.t[c]! + (b.t[c]! - a.t[c]!) * u) as Vec };
}

/** Every bone's model-space transform at `time`, tracks bound by HAnim id, else by position (no skeleton: each track a root). */
function modelPose(animation: Animation, skeleton: Skeleton | undefined, time: number): Rigid[] {
  if (!skeleton) return animation.bones.map((track) => sampleTrack(track, time, [0, 0, 0]));
  const world: Rigid[] = [];
  for (let bone = 0; bone < skeleton.boneCount; bone++) {
    const rest: Vec = [
      skeleton.restTranslations[3 * bone]!,
      skeleton.restTranslations[3 * bone + 1]!,
      skeleton.restTranslations[3 * bone + 2]!,
    ];
    const track = animation.bones.find((b) => b.boneId === skeleton.ids[bone]);
    const local = track
      ? sampleTrack(track, time, rest)
      : { q: normalise(Array.from(skeleton.restRotations.subarray(4 * bone, 4 * bone + 4)) as Quat), t: rest };
    const parent = world[skeleton.parents[bone]!];
    world.push(parent ? { q: multiply(parent.q, local.q), t: rotate(parent.q, local.t).map((v, c) => v + parent.t[c]!) as Vec } : local);
  }
  return world;
}

/**
 * The largest distance (cm) between where `a` and `b` put the points 3 cm along each local axis of
 * each bone, at every key time of `a` and every midpoint between neighbouring ones, with where.
 */
export function worstShellError(
  a: Animation,
  b: Animation,
  skeleton?: Skeleton,
  shell = 0.03,
): { error: number; bone: number; time: number; samples: number } {
  const keyTimes = [...new Set(a.bones.flatMap((track) => Array.from(track.times)))].sort((x, y) => x - y);
  const times = keyTimes.flatMap((t, i) => (i + 1 < keyTimes.length ? [t, (t + keyTimes[i + 1]!) / 2] : [t]));
  const worst = { error: 0, bone: -1, time: 0, samples: times.length };
  for (const time of times) {
    const pa = modelPose(a, skeleton, time),
      pb = modelPose(b, skeleton, time);
    pa.forEach((ra, bone) => {
      const rb = pb[bone]!;
      for (const axis of [
        [shell, 0, 0],
        [0, shell, 0],
        [0, 0, shell],
      ] as Vec[]) {
        const va = rotate(ra.q, axis),
          vb = rotate(rb.q, axis);
        const error = 100 * Math.hypot(...([0, 1, 2].map((c) => va[c]! + ra.t[c]! - vb[c]! - rb.t[c]!) as Vec));
        if (error > worst.error) Object.assign(worst, { error, bone, time });
      }
    });
  }
  return worst;
}
