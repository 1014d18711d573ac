// Small valid TXD inputs for the tests that need one texture or dictionary and change a field of it.
import type { TextureData, TextureDictionaryData } from '../../src/index.js';

export const TXD_IDS = [0x1803ffff, 0x1803ffff, 0x1803ffff] as const;

/** An 8888 texture (Direct3D 9) of `width` x `height`, one level, every byte `fill`. */
export function plainTexture(width = 4, height = 4, fill = 0x40): TextureData {
  return {
    name: 'plain',
    maskName: '',
    platformId: 9,
    filterFlags: 0x1106,
    rasterFormat: 0x500,
    formatWord: 21,
    width,
    height,
    depth: 32,
    rasterType: 4,
    compression: 1,
    palette: null,
    levels: [{ width, height, data: new Uint8Array(width * height * 4).fill(fill) }],
    extension: new Uint8Array(0),
    libraryIds: TXD_IDS,
  };
}

/** A dictionary of these textures, as Direct3D 9 stores it. */
export function dictionaryOf(...textures: TextureData[]): TextureDictionaryData {
  return { textures, deviceId: 2, extension: new Uint8Array(0), libraryIds: TXD_IDS };
}
