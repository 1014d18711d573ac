import type { FileFormat } from '../core/file-format.js';
import { CAMERA_CODES } from './codes.js';
import { CameraPathReader } from './reader.js';

/** Cutscene camera paths are text without a magic: found by their extension. */
export const cameraPathFormat = {
  name: 'CAM',
  codes: CAMERA_CODES,
  description: 'GTA III / VC / SA cutscene camera path (zoom, roll, position and target keys)',
  extensions: ['.dat'],
  sniff: () => false,
  open: (bytes) => new CameraPathReader(bytes),
  warnings: (reader) => reader.warnings,
} satisfies FileFormat<CameraPathReader, 'CAM'>;
