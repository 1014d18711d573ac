// DFF materials as Babylon.js materials: the material's colour times its texture from the model's
// dictionary (found by name as the game finds it), one-bit alpha cut out, other alpha blended.
import { Color3 } from '@babylonjs/core/Maths/math.color.js';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial.js';
import { RawTexture } from '@babylonjs/core/Materials/Textures/rawTexture.js';
import { Texture } from '@babylonjs/core/Materials/Textures/texture.js';
import type { Scene } from '@babylonjs/core/scene.js';
import { nameKey } from '../core/names.js';
import type { DFFMaterial } from '../dff/geometry.js';
import type { TXDTexture } from '../txd/reader.js';

/** The textures a model's materials may name, each made into one Babylon texture on first use. */
export class BabylonTextureSet {
  readonly #byName: Map<string, TXDTexture>;
  readonly #made = new Map<TXDTexture, RawTexture>();

  constructor(
    readonly scene: Scene,
    readonly entries: readonly TXDTexture[],
  ) {
    this.#byName = new Map();
    for (const entry of entries) if (!this.#byName.has(nameKey(entry.name))) this.#byName.set(nameKey(entry.name), entry);
  }

  /** The dictionary texture of this name, or undefined. */
  find(name: string): TXDTexture | undefined {
    return this.#byName.get(nameKey(name));
  }

  /** The Babylon textures made so far. */
  get made(): RawTexture[] {
    return [...this.#made.values()];
  }

  /** RGBA8 of the top level, stored top row first as the game stores it (so not flipped), wrap modes kept, mipmaps generated. */
  texture(entry: TXDTexture): RawTexture {
    let made = this.#made.get(entry);
    if (!made) {
      made = RawTexture.CreateRGBATexture(
        entry.rgba(0),
        entry.width,
        entry.height,
        this.scene,
        true,
        false,
        Texture.TRILINEAR_SAMPLINGMODE,
      );
      made.name = entry.name;
      made.wrapU = WRAP[entry.addressU] ?? Texture.WRAP_ADDRESSMODE;
      made.wrapV = WRAP[entry.addressV] ?? Texture.WRAP_ADDRESSMODE;
      made.hasAlpha = entry.hasAlpha;
      this.#made.set(entry, made);
    }
    return made;
  }
}

const WRAP: Record<string, number> = {
  wrap: Texture.WRAP_ADDRESSMODE,
  mirror: Texture.MIRROR_ADDRESSMODE,
  clamp: Texture.CLAMP_ADDRESSMODE,
  border: Texture.CLAMP_ADDRESSMODE,
};

/** A material as the game draws it; `missing` collects a texture name the dictionary lacks. */
export function toBabylonMaterial(
  material: DFFMaterial,
  name: string,
  textures: BabylonTextureSet,
  missing: Set<string>,
): StandardMaterial {
  const out = new StandardMaterial(name, textures.scene);
  out.diffuseColor = new Color3(material.color[0] / 255, material.color[1] / 255, material.color[2] / 255);
  out.specularColor = new Color3(0.05, 0.05, 0.05);
  if (material.texture) {
    const entry = textures.find(material.texture);
    if (!entry) missing.add(material.texture);
    else {
      const texture = textures.texture(entry);
      out.diffuseTexture = texture;
      const cutOut = entry.format === 'DXT1' || entry.format === '1555';
      if (entry.hasAlpha && !cutOut) out.useAlphaFromDiffuseTexture = true;
      if (entry.hasAlpha) out.backFaceCulling = false;
    }
  }
  return out;
}
