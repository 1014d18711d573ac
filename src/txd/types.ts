/** The pixel formats of PC texture dictionaries, by the names modding tools use. */
export type TextureFormatName =
  | 'DXT1'
  | 'DXT2'
  | 'DXT3'
  | 'DXT4'
  | 'DXT5'
  | '8888'
  | '888'
  | '565'
  | '555'
  | '1555'
  | '4444'
  | 'LUM8'
  | 'PAL8'
  | 'PAL4';

/** How a texture is filtered: RenderWare's filter modes. */
export type FilterMode = 'none' | 'nearest' | 'linear' | 'mip-nearest' | 'mip-linear' | 'linear-mip-nearest' | 'linear-mip-linear';
/** How a texture is sampled past its edge: RenderWare's addressing modes. */
export type AddressMode = 'none' | 'wrap' | 'mirror' | 'clamp' | 'border';

export const FILTER_MODES: readonly FilterMode[] = [
  'none',
  'nearest',
  'linear',
  'mip-nearest',
  'mip-linear',
  'linear-mip-nearest',
  'linear-mip-linear',
];
export const ADDRESS_MODES: readonly AddressMode[] = ['none', 'wrap', 'mirror', 'clamp', 'border'];

/** One mipmap level: its size and its stored bytes, a zero-copy view of the input. */
export interface TextureLevel {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/**
 * A section the reader does not interpret (a second Extension, a tool's own chunk), kept so a
 * dictionary read and written again loses nothing: it is written back in its place, byte for byte.
 */
export interface UnknownSection {
  /** Where it goes among its container's known sections (Struct, the textures, Extension): how many come before it. */
  readonly position: number;
  readonly type: number;
  readonly libraryId: number;
  /** The payload, as stored (a view of the input). */
  readonly data: Uint8Array;
}

/**
 * A texture as the writer takes it: every stored field, so a dictionary read and written again comes
 * back byte for byte. TXDReader's textures are of this shape.
 */
export interface TextureData {
  readonly name: string;
  readonly maskName: string;
  /** 8 (Direct3D 8: III, VC) or 9 (Direct3D 9: SA). */
  readonly platformId: 8 | 9;
  /** The stored filter and addressing word: filter mode (bits 0-7), U (8-11) and V (12-15) addressing. */
  readonly filterFlags: number;
  /** RenderWare raster format: the pixel format in bits 8-11, PAL8 0x2000, PAL4 0x4000, mipmaps 0x8000. */
  readonly rasterFormat: number;
  /** Direct3D 9: the D3DFORMAT (a fourCC for DXT). Direct3D 8: the has-alpha word. */
  readonly formatWord: number;
  readonly width: number;
  readonly height: number;
  readonly depth: number;
  readonly rasterType: number;
  /** Direct3D 9: flags (alpha 1, cube map 2, auto mipmaps 4, compressed 8). Direct3D 8: the DXT number, 0 when uncompressed. */
  readonly compression: number;
  /** R G B A per entry (256 for PAL8, 32 stored for PAL4), or null. */
  readonly palette: Uint8Array | null;
  readonly levels: readonly TextureLevel[];
  /** The texture's Extension section payload, as stored. */
  readonly extension: Uint8Array;
  /** The 32-byte name fields as stored (bytes after the NUL kept); written back while the names are unchanged. */
  readonly nameField?: Uint8Array;
  readonly maskField?: Uint8Array;
  /** RenderWare library ids of the Texture Native, its Struct and its Extension. */
  readonly libraryIds: readonly [number, number, number];
  /** The Texture Native's sections after its Struct other than its Extension. */
  readonly unknownSections?: readonly UnknownSection[];
}

/** A dictionary as the writer takes it. */
export interface TextureDictionaryData {
  readonly textures: readonly TextureData[];
  /** The Struct's second u16 (a device id: 1 D3D8, 2 D3D9). */
  readonly deviceId: number;
  /** The dictionary's Extension payload, as stored. */
  readonly extension: Uint8Array;
  /** Library ids of the Texture Dictionary, its Struct and its Extension. */
  readonly libraryIds: readonly [number, number, number];
  /** The dictionary's sections other than its Struct, its textures and its Extension. */
  readonly unknownSections?: readonly UnknownSection[];
}
