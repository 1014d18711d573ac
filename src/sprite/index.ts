import { SpriteAnimReader } from './reader.js';

export default SpriteAnimReader;
export { SpriteAnimReader, type SpriteAnimReaderOptions } from './reader.js';
export { writeSpriteAnim } from './writer.js';
export { disassemble } from './disassemble.js';
export { SpriteScriptRunner, type SpriteScriptRunnerOptions, type SpriteState, type Interpolation } from './runner.js';
export { ease, EASING_MODES, EASING_NAMES } from './easing.js';
export { OPCODES, Op, type OpcodeInfo, type ArgType } from './opcodes.js';
export type { Instruction, JumpMode, Script, Sprite, SpriteAnimDoc } from './types.js';
export { DecodeError, type DecodeWarning } from '../core/errors.js';
export { animFormat } from './format.js';
export { ANIM_CODES } from './codes.js';
