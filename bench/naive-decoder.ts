// The baseline: decoding the way the documented API of the library we replace does it, one object
// (with one array per vector) for every keyframe. ANP3/ANP2 only, which is what the corpus holds.

export interface NaiveFrame {
  time: number;
  quaternion: number[];
  translation?: number[];
}
export interface NaiveBone {
  boneName: string;
  boneId: number;
  frames: NaiveFrame[];
}
export interface NaiveAnimation {
  name: string;
  bones: NaiveBone[];
}

function readName(view: DataView, at: number, size: number): string {
  let name = '';
  for (let i = 0; i < size; i++) {
    const c = view.getUint8(at + i);
    if (c === 0) break;
    name += String.fromCharCode(c);
  }
  return name;
}

export function naiveDecode(bytes: Uint8Array): NaiveAnimation[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const anp3 = view.getUint32(0, true) === 0x33504e41;
  const animationCount = view.getUint32(32, true);
  let at = 36;
  const animations: NaiveAnimation[] = [];
  for (let a = 0; a < animationCount; a++) {
    const name = readName(view, at, 24);
    const boneCount = view.getUint32(at + 24, true);
    at += anp3 ? 36 : 28;
    const bones: NaiveBone[] = [];
    for (let b = 0; b < boneCount; b++) {
      const boneName = readName(view, at, 24);
      const frameType = view.getUint32(at + 24, true);
      const frameCount = view.getUint32(at + 28, true);
      const boneId = view.getInt32(at + 32, true);
      at += 36;
      const frames: NaiveFrame[] = [];
      for (let f = 0; f < frameCount; f++) {
        if (frameType >= 3) {
          const frame: NaiveFrame = {
            quaternion: [
              view.getInt16(at, true) / 4096,
              view.getInt16(at + 2, true) / 4096,
              view.getInt16(at + 4, true) / 4096,
              view.getInt16(at + 6, true) / 4096,
            ],
            time: view.getInt16(at + 8, true) / 60,
          };
          if (frameType === 4)
            frame.translation = [
              view.getInt16(at + 10, true) / 1024,
              view.getInt16(at + 12, true) / 1024,
              view.getInt16(at + 14, true) / 1024,
            ];
          frames.push(frame);
          at += frameType === 4 ? 16 : 10;
        } else {
          const frame: NaiveFrame = {
            quaternion: [
              view.getFloat32(at, true),
              view.getFloat32(at + 4, true),
              view.getFloat32(at + 8, true),
              view.getFloat32(at + 12, true),
            ],
            time: view.getFloat32(at + 16, true),
          };
          if (frameType === 2)
            frame.translation = [view.getFloat32(at + 20, true), view.getFloat32(at + 24, true), view.getFloat32(at + 28, true)];
          frames.push(frame);
          at += frameType === 2 ? 32 : 20;
        }
      }
      bones.push({ boneName, boneId, frames });
    }
    animations.push({ name, bones });
  }
  return animations;
}
