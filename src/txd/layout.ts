// How a Direct3D texture native stores its pixels, decided from its header: which texel layout the
// decoder reads, how many bytes a level needs, and whether its alpha counts.
import {
  TEXEL_A1R5G5B5,
  TEXEL_A4R4G4B4,
  TEXEL_BGRA8,
  TEXEL_BGRX8,
  TEXEL_DXT1,
  TEXEL_DXT3,
  TEXEL_DXT5,
  TEXEL_INDEX4,
  TEXEL_INDEX8,
  TEXEL_L8,
  TEXEL_R5G6B5,
  TEXEL_X1R5G5B5,
} from '../core/wasm-layout.js';
import type { TextureFormatName } from './types.js';

/** RenderWare section types of a dictionary. */
export const TXD_SECTION = { Struct: 0x01, Extension: 0x03, Native: 0x15, Dictionary: 0x16 } as const;

/** RenderWare raster formats (bits 8-11 of the raster format) and flags. */
export const RASTER = {
  C1555: 0x100,
  C565: 0x200,
  C4444: 0x300,
  LUM8: 0x400,
  C8888: 0x500,
  C888: 0x600,
  C555: 0xa00,
  PAL8: 0x2000,
  PAL4: 0x4000,
} as const;

export interface TexelLayout {
  format: TextureFormatName;
  /** TEXEL_* (src/core/wasm-layout.ts). */
  kind: number;
  hasAlpha: boolean;
  /** Alpha is forced to 255: DXT1's transparent black, and palettes of formats without alpha. */
  opaque: boolean;
  /** Palette entries stored before the levels (0: none). */
  paletteEntries: number;
  /** The bytes a w x h level needs; for PAL4, one index per byte or two, by the stored size. */
  levelBytes(width: number, height: number, stored: number): number;
}

const fourCC = (text: string) => text.charCodeAt(0) | (text.charCodeAt(1) << 8) | (text.charCodeAt(2) << 16) | (text.charCodeAt(3) << 24);
const DXT_FOURCC = new Map([1, 2, 3, 4, 5].map((n) => [fourCC(`DXT${n}`) >>> 0, n]));
/** Direct3D 9 formats (D3DFORMAT) of uncompressed textures, by their raster format names. */
const D3D9_FORMATS = new Map<number, TextureFormatName>([
  [21, '8888'],
  [22, '888'],
  [23, '565'],
  [24, '555'],
  [25, '1555'],
  [26, '4444'],
  [50, 'LUM8'],
]);
const RASTER_NAMES = new Map<number, TextureFormatName>([
  [RASTER.C8888, '8888'],
  [RASTER.C888, '888'],
  [RASTER.C565, '565'],
  [RASTER.C555, '555'],
  [RASTER.C1555, '1555'],
  [RASTER.C4444, '4444'],
  [RASTER.LUM8, 'LUM8'],
]);
const KINDS: Record<string, number> = {
  '8888': TEXEL_BGRA8,
  '888': TEXEL_BGRX8,
  '565': TEXEL_R5G6B5,
  '555': TEXEL_X1R5G5B5,
  '1555': TEXEL_A1R5G5B5,
  '4444': TEXEL_A4R4G4B4,
  LUM8: TEXEL_L8,
};
const BYTES_PER_PIXEL: Record<string, number> = { '8888': 4, '888': 4, '565': 2, '555': 2, '1555': 2, '4444': 2, LUM8: 1 };
const blocks = (width: number, height: number) => Math.max(1, (width + 3) >> 2) * Math.max(1, (height + 3) >> 2);

/** The layout of a native, or undefined for a combination no PC file uses. */
export function texelLayout(platformId: 8 | 9, rasterFormat: number, formatWord: number, compression: number): TexelLayout | undefined {
  const base = rasterFormat & 0xf00;
  const dxt = platformId === 9 ? (compression & 8 ? DXT_FOURCC.get(formatWord >>> 0) : undefined) : compression || undefined;
  const hasAlpha = platformId === 9 ? (compression & 1) !== 0 : formatWord !== 0;
  if (dxt) {
    if (dxt < 1 || dxt > 5) return undefined;
    const kind = dxt === 1 ? TEXEL_DXT1 : dxt <= 3 ? TEXEL_DXT3 : TEXEL_DXT5;
    const blockBytes = dxt === 1 ? 8 : 16;
    return {
      format: `DXT${dxt}` as TextureFormatName,
      kind,
      hasAlpha,
      opaque: dxt === 1 && !hasAlpha,
      paletteEntries: 0,
      levelBytes: (w, h) => blocks(w, h) * blockBytes,
    };
  }
  if (rasterFormat & (RASTER.PAL8 | RASTER.PAL4)) {
    const pal8 = (rasterFormat & RASTER.PAL8) !== 0;
    // A palette of a format without alpha has its alpha forced opaque, as the game draws it.
    const opaque = !(base === RASTER.C8888 || base === RASTER.C1555 || base === RASTER.C4444);
    if (pal8) return { format: 'PAL8', kind: TEXEL_INDEX8, hasAlpha, opaque, paletteEntries: 256, levelBytes: (w, h) => w * h };
    // PAL4 stores 32 palette entries (16 used); levels hold one index per byte or two (low nibble first).
    return {
      format: 'PAL4',
      kind: TEXEL_INDEX4,
      hasAlpha,
      opaque,
      paletteEntries: 32,
      levelBytes: (w, h, stored) => (stored >= w * h ? w * h : Math.ceil((w * h) / 2)),
    };
  }
  const format = platformId === 9 ? (D3D9_FORMATS.get(formatWord) ?? RASTER_NAMES.get(base)) : RASTER_NAMES.get(base);
  if (!format) return undefined;
  return {
    format,
    kind: KINDS[format]!,
    hasAlpha,
    opaque: false,
    paletteEntries: 0,
    levelBytes: (w, h) => w * h * BYTES_PER_PIXEL[format]!,
  };
}

/** Which kernel path a PAL4 level takes: packed two per byte, or one index per byte. */
export function indexKind(layout: TexelLayout, level: { width: number; height: number; data: Uint8Array }): number {
  return layout.kind === TEXEL_INDEX4 && level.data.length >= level.width * level.height ? TEXEL_INDEX8 : layout.kind;
}
