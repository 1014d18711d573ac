export type { Clip, SkeletalClip, SkeletalTrack } from './clip.js';
export type { ClipExtras, TrackExtras } from '../core/clip.js';
export { bindClip, type BoundClip } from './bind.js';
export { createPose, createPoseBatch, type Pose, type PoseBatch } from './pose.js';
export { sampleClip, sampleBatch, type SampleOptions } from './sample.js';
export { resetPoseSamplers } from './sampler-wasm.js';
export { blendPoses, boneMask, saUpperBodyMask, SA_UPPER_BODY_BONE_IDS, type Layer } from './blend.js';
export { poseToMatrices, skinningMatrices } from './matrices.js';
export { skeletonFromTracks } from './track-skeleton.js';
