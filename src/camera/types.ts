/** One channel of a camera path: key times in seconds, and `width` values per key. */
export interface CameraChannel {
  readonly times: Float32Array;
  /** `width` floats per key: 1 for zoom and roll, 3 (x y z) for position and target. */
  readonly values: Float32Array;
  readonly width: 1 | 3;
}

/** The four channels of a cutscene camera path, in the order the file stores them. */
export interface CameraPathData {
  /** Field of view in degrees. */
  readonly zoom: CameraChannel;
  /** Roll about the view axis, in degrees. */
  readonly roll: CameraChannel;
  /** The camera's position, relative to the cutscene's offset. */
  readonly position: CameraChannel;
  /** The point it looks at, relative to the cutscene's offset. */
  readonly target: CameraChannel;
}

/** The channels of a camera path, in the order the file stores them. */
export const CAMERA_CHANNELS = ['zoom', 'roll', 'position', 'target'] as const;
/** The name of one camera-path channel: zoom, roll, position or target. */
export type CameraChannelName = (typeof CAMERA_CHANNELS)[number];
export const CHANNEL_WIDTH: Record<CameraChannelName, 1 | 3> = { zoom: 1, roll: 1, position: 3, target: 3 };
