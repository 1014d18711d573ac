// The neutral model contract: what a model format hands to the tools (glTF export, the viewer) for
// each mesh. DFF geometries are these; another model format fills the same fields.

/** A material: its colour (RGBA bytes) and the name of its texture, if it has one. */
export interface ModelMaterial {
  color: [number, number, number, number];
  texture: string | null;
}

/** Triangles of one material: `count` indices from `start` in `indices`. */
export interface ModelGroup {
  material: number;
  start: number;
  count: number;
}

/** One mesh of a skinned or rigid model, as typed arrays. */
export interface ModelGeometry {
  /** The frame its mesh hangs from (a rigid mesh moves with that frame's bone); -1 for none. */
  frame: number;
  vertexCount: number;
  /** x y z per vertex. */
  positions: Float32Array;
  normals: Float32Array | null;
  /** u v per vertex, the first texture coordinate set. */
  uvs: Float32Array | null;
  /** Vertex colours, RGBA bytes per vertex. */
  colors: Uint8Array | null;
  /** Three vertex indices per triangle, counter-clockwise, grouped by material (see `groups`). */
  indices: Uint32Array;
  groups: ModelGroup[];
  materials: ModelMaterial[];
  /** 4 bone indices (in the skeleton's order) and 4 weights per vertex; null for a rigid mesh. */
  skinIndices: Uint8Array | null;
  skinWeights: Float32Array | null;
  /**
   * How many of a vertex's largest weights the game uses at draw time (a DFF's Skin PLG says); 0 or
   * absent where the file does not say (the older layout stores 0): all four.
   */
  skinMaxWeights?: number;
}
