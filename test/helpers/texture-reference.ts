// An independent texture decoder for the tests: one object per pixel, written from the format
// descriptions (docs/formats/txd.md), not from src/txd/. Slow and plain on purpose.

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const u16 = (data: Uint8Array, at: number) => data[at]! + data[at + 1]! * 256;
const replicate = (value: number, bits: number) => bitReplicate(value, bits);
// Bit replication: the top bits repeated into the low ones (5 bits: v << 3 | v >> 2).
function bitReplicate(value: number, bits: number): number {
  let out = 0;
  let filled = 0;
  while (filled < 8) {
    out = out * (1 << bits) + value;
    filled += bits;
  }
  return Math.floor(out / 2 ** (filled - 8));
}

function rgb565(c: number): Rgba {
  return { r: replicate(Math.floor(c / 2048) % 32, 5), g: replicate(Math.floor(c / 32) % 64, 6), b: replicate(c % 32, 5), a: 255 };
}

/** RGBA8 of one level, as the test expects it. */
export function referenceRgba(
  format: string,
  data: Uint8Array,
  width: number,
  height: number,
  options: { palette?: Uint8Array | null; opaque?: boolean } = {},
): Uint8Array {
  const pixels: Rgba[] = [];
  const at = (x: number, y: number) => y * width + x;
  if (format.startsWith('DXT')) {
    const n = Number(format[3]);
    const blockBytes = n === 1 ? 8 : 16;
    const bw = Math.max(1, Math.ceil(width / 4));
    const bh = Math.max(1, Math.ceil(height / 4));
    for (let by = 0; by < bh; by++) {
      for (let bx = 0; bx < bw; bx++) {
        const block = (by * bw + bx) * blockBytes;
        const color = n === 1 ? block : block + 8;
        const c0 = u16(data, color);
        const c1 = u16(data, color + 2);
        const p0 = rgb565(c0);
        const p1 = rgb565(c1);
        const lerp = (w0: number, w1: number, d: number): Rgba => ({
          r: Math.floor((p0.r * w0 + p1.r * w1) / d),
          g: Math.floor((p0.g * w0 + p1.g * w1) / d),
          b: Math.floor((p0.b * w0 + p1.b * w1) / d),
          a: 255,
        });
        const table =
          n !== 1 || c0 > c1
            ? [p0, p1, lerp(2, 1, 3), lerp(1, 2, 3)]
            : [p0, p1, lerp(1, 1, 2), { r: 0, g: 0, b: 0, a: options.opaque ? 255 : 0 }];
        const alphaBits: number[] = [];
        const alphaTable: number[] = [];
        if (n === 4 || n === 5) {
          const a0 = data[block]!;
          const a1 = data[block + 1]!;
          alphaTable.push(a0, a1);
          if (a0 > a1) for (let i = 1; i <= 6; i++) alphaTable.push(Math.floor(((7 - i) * a0 + i * a1) / 7));
          else {
            for (let i = 1; i <= 4; i++) alphaTable.push(Math.floor(((5 - i) * a0 + i * a1) / 5));
            alphaTable.push(0, 255);
          }
          let value = 0n;
          for (let i = 0; i < 6; i++) value |= BigInt(data[block + 2 + i]!) << BigInt(8 * i);
          for (let p = 0; p < 16; p++) alphaBits.push(Number((value >> BigInt(3 * p)) & 7n));
        }
        for (let y = 0; y < 4; y++) {
          for (let x = 0; x < 4; x++) {
            const px = bx * 4 + x;
            const py = by * 4 + y;
            if (px >= width || py >= height) continue;
            const index = (data[color + 4 + y]! >> (2 * x)) & 3;
            const pixel = { ...table[index]! };
            if (n === 2 || n === 3) pixel.a = ((u16(data, block + 2 * y) >> (4 * x)) & 15) * 17;
            if (n === 4 || n === 5) pixel.a = alphaTable[alphaBits[y * 4 + x]!]!;
            pixels[at(px, py)] = pixel;
          }
        }
      }
    }
  } else {
    for (let i = 0; i < width * height; i++) {
      let pixel: Rgba;
      if (format === '8888' || format === '888')
        pixel = { b: data[4 * i]!, g: data[4 * i + 1]!, r: data[4 * i + 2]!, a: format === '8888' ? data[4 * i + 3]! : 255 };
      else if (format === 'LUM8') pixel = { r: data[i]!, g: data[i]!, b: data[i]!, a: 255 };
      else if (format === 'PAL8' || format === 'PAL4') {
        const index =
          format === 'PAL8' || data.length >= width * height ? data[i]! : (data[Math.floor(i / 2)]! >> (i % 2 === 0 ? 0 : 4)) & 15;
        const p = options.palette!;
        pixel = { r: p[4 * index]!, g: p[4 * index + 1]!, b: p[4 * index + 2]!, a: options.opaque ? 255 : p[4 * index + 3]! };
      } else {
        const v = u16(data, 2 * i);
        if (format === '565') pixel = rgb565(v);
        else if (format === '4444')
          pixel = {
            a: replicate((v >> 12) & 15, 4),
            r: replicate((v >> 8) & 15, 4),
            g: replicate((v >> 4) & 15, 4),
            b: replicate(v & 15, 4),
          };
        else
          pixel = {
            a: format === '1555' ? ((v >> 15) & 1) * 255 : 255,
            r: replicate((v >> 10) & 31, 5),
            g: replicate((v >> 5) & 31, 5),
            b: replicate(v & 31, 5),
          };
      }
      pixels.push(pixel);
    }
  }
  const out = new Uint8Array(width * height * 4);
  pixels.forEach((p, i) => out.set([p.r, p.g, p.b, p.a], 4 * i));
  return out;
}
