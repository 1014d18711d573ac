// The textures row's naive baseline: how a plain JavaScript tool decodes a texture, one object per
// pixel and per block colour, then packed into RGBA bytes. It covers what the sample dictionaries
// hold (DXT1, DXT4/5, 888, 8888); test/txd checks it agrees with gameanim on them.
import type { TXDTexture } from 'gameanim';

interface Color {
  r: number;
  g: number;
  b: number;
  a: number;
}

function unpack565(value: number): Color {
  const r = (value >> 11) & 31;
  const g = (value >> 5) & 63;
  const b = value & 31;
  return { r: (r << 3) | (r >> 2), g: (g << 2) | (g >> 4), b: (b << 3) | (b >> 2), a: 255 };
}

const blend = (p: Color, q: Color, wp: number, wq: number, d: number): Color => ({
  r: Math.floor((p.r * wp + q.r * wq) / d),
  g: Math.floor((p.g * wp + q.g * wq) / d),
  b: Math.floor((p.b * wp + q.b * wq) / d),
  a: 255,
});

/** Level `level` of `texture` as RGBA bytes, decoded the naive way. */
export function naiveTextureDecode(texture: TXDTexture, level = 0): Uint8Array {
  const { width, height, data } = texture.levels[level]!;
  const pixels: Color[] = new Array(width * height);
  const dxt = texture.format.startsWith('DXT') ? Number(texture.format[3]) : 0;
  if (dxt) {
    const size = dxt === 1 ? 8 : 16;
    const across = Math.max(1, Math.ceil(width / 4));
    for (let block = 0; block * size < data.length && block < across * Math.max(1, Math.ceil(height / 4)); block++) {
      const at = block * size;
      const colorAt = dxt === 1 ? at : at + 8;
      const c0 = data[colorAt]! | (data[colorAt + 1]! << 8);
      const c1 = data[colorAt + 2]! | (data[colorAt + 3]! << 8);
      const p = unpack565(c0);
      const q = unpack565(c1);
      const palette =
        dxt !== 1 || c0 > c1
          ? [p, q, blend(p, q, 2, 1, 3), blend(p, q, 1, 2, 3)]
          : [p, q, blend(p, q, 1, 1, 2), { r: 0, g: 0, b: 0, a: texture.hasAlpha ? 0 : 255 }];
      const alphas: number[] = [];
      if (dxt >= 4) {
        const a0 = data[at]!;
        const a1 = data[at + 1]!;
        alphas.push(a0, a1);
        for (let i = 1; i < (a0 > a1 ? 7 : 5); i++)
          alphas.push(Math.floor(a0 > a1 ? ((7 - i) * a0 + i * a1) / 7 : ((5 - i) * a0 + i * a1) / 5));
        if (a0 <= a1) alphas.push(0, 255);
      }
      for (let i = 0; i < 16; i++) {
        const x = (block % across) * 4 + (i % 4);
        const y = Math.floor(block / across) * 4 + Math.floor(i / 4);
        if (x >= width || y >= height) continue;
        const color = { ...palette[(data[colorAt + 4 + Math.floor(i / 4)]! >> (2 * (i % 4))) & 3]! };
        if (dxt >= 4) {
          const bit = 3 * i;
          const byte = at + 2 + Math.floor(bit / 8);
          color.a = alphas[((data[byte]! | ((data[byte + 1] ?? 0) << 8)) >> (bit % 8)) & 7]!;
        } else if (dxt >= 2) color.a = ((data[at + 2 * Math.floor(i / 4) + Math.floor((i % 4) / 2)]! >> (4 * (i % 2))) & 15) * 17;
        pixels[y * width + x] = color;
      }
    }
  } else {
    for (let i = 0; i < width * height; i++)
      pixels[i] = { r: data[4 * i + 2]!, g: data[4 * i + 1]!, b: data[4 * i]!, a: texture.format === '888' ? 255 : data[4 * i + 3]! };
  }
  const out = new Uint8Array(width * height * 4);
  pixels.forEach((color, i) => {
    out[4 * i] = color.r;
    out[4 * i + 1] = color.g;
    out[4 * i + 2] = color.b;
    out[4 * i + 3] = color.a;
  });
  return out;
}
