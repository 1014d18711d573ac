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
  rgba(level?: number): Uint8Array;
}
