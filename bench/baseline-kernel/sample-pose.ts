// The pose kernel as it was on 2026-11-30, before the slerp series and the f64x2 quaternion halves:
// kept unchanged as the benchmark's baseline for the crowd row ("today's wasm sampler" in issue #16).
// Built by scripts/build-wasm.mjs for the benchmark only; the library never loads it.

// Samples animation tracks at given times: binary search for the two keys around the time, shortest-
// arc slerp between their rotations, lerp between their translations. One call samples a whole batch
// of instances (crowds). Arithmetic is f64 throughout and rounds to f32 once on store, as the
// TypeScript path (src/playback/sample-js.ts) does, so the two agree to well within 1e-6.
//
// Records, as src/playback/sampler-wasm.ts writes them (sizes in src/core/wasm-layout.ts):
//   clip      12 bytes: u32 trackCount, f32 duration, u32 tracks address
//   track     16 bytes: u32 keyCount, u32 times, u32 rotations, u32 translations (0 = none)
//   instance  24 bytes: u32 clip address, u32 flags (1 = loop), f64 time, u32 first output bone, pad

// Frozen with it, as bench/baseline-sampler.ts writes its records: not read from src/core/wasm-layout.ts.
const TRACK_BYTES = 16;
const INSTANCE_BYTES = 24;
const LOOP = 1;

export function sampleInstances(instances: usize, count: i32, outRotations: usize, outTranslations: usize): void {
  for (let i = 0; i < count; i++) {
    const record = instances + <usize>i * INSTANCE_BYTES;
    const clip = <usize>load<u32>(record);
    const flags = load<u32>(record, 4);
    let time = load<f64>(record, 8);
    const firstBone = <usize>load<u32>(record, 16);
    const trackCount = load<u32>(clip);
    const duration = <f64>load<f32>(clip, 4);
    const tracks = <usize>load<u32>(clip, 8);
    assert(clip != 0 && tracks != 0, 'an instance without a clip');
    if (time != time) time = 0; // NaN: the start
    // An infinite duration (a key at +Infinity) has no period: nothing to wrap.
    if ((flags & LOOP) != 0 && duration > 0 && duration < Infinity) time -= Math.floor(time / duration) * duration;
    for (let k: usize = 0; k < <usize>trackCount; k++) {
      const bone = firstBone + k;
      sampleTrack(tracks + k * TRACK_BYTES, time, outRotations + (bone << 4), outTranslations + bone * 12);
    }
  }
}

function sampleTrack(track: usize, time: f64, outQ: usize, outT: usize): void {
  const keys = load<u32>(track);
  const times = <usize>load<u32>(track, 4);
  const rotations = <usize>load<u32>(track, 8);
  const translations = <usize>load<u32>(track, 12);
  if (keys == 0) {
    store<f32>(outQ, 0);
    store<f32>(outQ, 0, 4);
    store<f32>(outQ, 0, 8);
    store<f32>(outQ, 1, 12);
    store<f32>(outT, 0);
    store<f32>(outT, 0, 4);
    store<f32>(outT, 0, 8);
    return;
  }
  // Find keys a, b with times[a] <= time < times[b]; outside the range both are the end key.
  let a: u32 = 0;
  let b: u32 = 0;
  let u: f64 = 0;
  const last = keys - 1;
  if (time >= <f64>load<f32>(times + (<usize>last << 2))) {
    a = last;
    b = last;
  } else if (time > <f64>load<f32>(times)) {
    let low: u32 = 0;
    let high = last;
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (<f64>load<f32>(times + (<usize>middle << 2)) <= time) low = middle;
      else high = middle;
    }
    a = low;
    b = high;
    const t0 = <f64>load<f32>(times + (<usize>a << 2));
    u = (time - t0) / (<f64>load<f32>(times + (<usize>b << 2)) - t0);
    // A segment with a non-finite end (a key at -Infinity) holds its earlier key.
    if (u != u) u = 0;
  }
  assert(a <= b && b < keys, 'key search out of range');
  assert(u >= 0 && u <= 1, 'interpolation factor outside [0, 1]');
  slerp(rotations + (<usize>a << 4), rotations + (<usize>b << 4), u, outQ);
  if (translations) {
    const p = translations + <usize>a * 12;
    const q = translations + <usize>b * 12;
    for (let c: usize = 0; c < 12; c += 4) {
      const from = <f64>load<f32>(p + c);
      store<f32>(outT + c, <f32>(from + (<f64>load<f32>(q + c) - from) * u));
    }
  } else {
    store<f32>(outT, 0);
    store<f32>(outT, 0, 4);
    store<f32>(outT, 0, 8);
  }
}

// Above this cosine the keys are close: lerp and normalise (nlerp) instead of dividing by sin ~ 0.
const NEARLY_PARALLEL: f64 = 0.9995;

// Shortest-arc slerp; nlerp for close keys; identical keys copied as they are (keys need not be unit
// length). The same formula as three.js's Quaternion.slerpFlat, so clips match THREE.AnimationMixer.
function slerp(p: usize, q: usize, u: f64, out: usize): void {
  let x = <f64>load<f32>(p), y = <f64>load<f32>(p, 4), z = <f64>load<f32>(p, 8), w = <f64>load<f32>(p, 12);
  let qx = <f64>load<f32>(q), qy = <f64>load<f32>(q, 4), qz = <f64>load<f32>(q, 8), qw = <f64>load<f32>(q, 12);
  if (x != qx || y != qy || z != qz || w != qw) {
    let cos = x * qx + y * qy + z * qz + w * qw;
    if (cos < 0) {
      // q and -q are the same rotation: take the shorter way round.
      cos = -cos;
      qx = -qx;
      qy = -qy;
      qz = -qz;
      qw = -qw;
    }
    let s0 = 1 - u;
    let s1 = u;
    if (cos < NEARLY_PARALLEL) {
      const angle = Math.acos(cos);
      const sin = Math.sin(angle);
      s0 = Math.sin(s0 * angle) / sin;
      s1 = Math.sin(s1 * angle) / sin;
    }
    x = x * s0 + qx * s1;
    y = y * s0 + qy * s1;
    z = z * s0 + qz * s1;
    w = w * s0 + qw * s1;
    if (cos >= NEARLY_PARALLEL) {
      const scale = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
      x *= scale;
      y *= scale;
      z *= scale;
      w *= scale;
    }
  }
  store<f32>(out, <f32>x);
  store<f32>(out, <f32>y, 4);
  store<f32>(out, <f32>z, 8);
  store<f32>(out, <f32>w, 12);
}
