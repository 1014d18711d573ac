// What glTF export takes as a texture: kept apart from the writing (textures.ts), so the published
// types of gameanim/gltf do not reach into glTF-Transform's.
/** A texture as export takes it: a TXD texture is one (`TXDReader.textures`). */
export interface ExportTexture {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly hasAlpha: boolean;
  readonly format?: string;
  readonly addressU?: string;
  readonly addressV?: string;
  /** The pixels of a mip level (0, the largest, by default) as 8-bit RGBA, width x height x 4 bytes. */
  rgba(level?: number): Uint8Array;
}
