import { CameraPathReader } from './reader.js';

export default CameraPathReader;
export { CameraPathReader };
export { writeCameraPath } from './writer.js';
export { cameraPathFormat } from './format.js';
export { CAMERA_CHANNELS, type CameraChannel, type CameraChannelName, type CameraPathData } from './types.js';
export { CAMERA_CODES } from './codes.js';
