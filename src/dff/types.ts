/** One RenderWare frame: a node of the model's transform hierarchy. */
export interface DFFFrame {
  /** From the frame's name extension; '' when it has none. Spaces kept (' Pelvis'). */
  name: string;
  /** The parent frame's index, -1 for the root. */
  parent: number;
  /** 3x3, as stored: the right, up and at vectors (the columns of the rotation). */
  rotation: Float32Array;
  /** x y z, relative to the parent frame. */
  position: Float32Array;
  /** The HAnim node id from the frame's HAnim PLG; -1 when it has none. */
  hanimId: number;
}

/** How `DFFReader` reads: strictly, or dropping what it can work around with a warning. */
export interface DFFReaderOptions {
  /** Throw on problems the reader could otherwise work around by dropping data (a broken Skin PLG). Default false. */
  strict?: boolean;
  /**
   * Where a skinned model's rest pose comes from: 'skin' (default) builds it from the Skin PLG's
   * inverse bind matrices, as the game does; 'frames' takes the frames' matrices as stored. Models
   * without a Skin PLG always use their frames.
   */
  restPose?: 'skin' | 'frames';
}

// The names before the one acronym rule (format names in capitals), kept for existing callers.
/** @deprecated Use `DFFFrame` (format names are written in capitals). */
export type DffFrame = DFFFrame;
