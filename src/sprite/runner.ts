import { ArgumentError } from '../core/errors.js';
import type { Code } from '../core/codes.js';
import type { DecodeWarning } from '../core/errors.js';
import { SeededRandom } from '../core/seeded-random.js';
import { ease } from './easing.js';
import { JumpTable } from './jumps.js';
import { Op } from './opcodes.js';
import type { Instruction, JumpMode, Script } from './types.js';

/** A value moving over frames in a running script: from, to, the frames run of its duration, and its easing mode. */
export interface Interpolation {
  from: number[];
  to: number[];
  /** Frames run since it started. */
  elapsed: number;
  duration: number;
  mode: number;
}

/**
 * What a running script shows at a frame: the sprite, its offset, scale, rotation, colour and alpha, its flags, and the moves in progress.
 */
export interface SpriteState {
  sprite: number;
  offset: [number, number, number];
  scale: [number, number];
  rotation: [number, number, number];
  color: [number, number, number];
  /** 0 to 255; fractional while a FADE runs. */
  alpha: number;
  visible: boolean;
  blendMode: number;
  /** Texture scroll accumulated so far (u, v). */
  scroll: [number, number];
  flipX: boolean;
  flipY: boolean;
  anchorTopLeft: boolean;
  /** The Z_WRITE_DISABLE flag as the script set it (true: the renderer should not write depth). */
  zWrite: boolean;
  /** Added every frame. */
  speeds: { offset: [number, number, number]; scale: [number, number]; rotation: [number, number, number]; scroll: [number, number] };
  interpolations: { alpha?: Interpolation; offset?: Interpolation; rotation?: Interpolation; scale?: Interpolation };
}

/** How `SpriteScriptRunner` runs: the random seed, the jump mode, and the most steps one frame may run. */
export interface SpriteScriptRunnerOptions {
  /** Seed for SET_RANDOM_SPRITE; the same seed gives the same run. Default 0. */
  seed?: number;
  /** Default: the reader's mode. */
  jumpMode?: JumpMode;
  /** Instructions one frame may run before it is cut short (jump loops). Default 4096. */
  maxStepsPerFrame?: number;
}

type Vector = 'offset' | 'scale' | 'rotation';

/** API misuse is a RangeError naming the option: a NaN step limit would otherwise loop forever. */
function checkedOption(value: unknown, name: string, valid: (n: number) => boolean, expected: string): number {
  if (typeof value !== 'number' || !valid(value))
    throw new ArgumentError('bad-argument', `SpriteScriptRunner option ${name} must be ${expected}, got ${String(value)}`);
  return value;
}

/**
 * Runs one script of an ANIM file for one sprite, frame by frame, at 60 frames per second.
 *
 * Each frame: the clock advances (unless paused), motion advances (speeds, texture scroll and running
 * interpolations: these continue while paused), then every instruction whose time has come runs.
 * A new runner runs its first frame (clock 0) at once. Scripts were validated by the reader, so the
 * only problems met here are runaway jump loops and non-finite values: both become warnings.
 */
export class SpriteScriptRunner {
  readonly state: SpriteState = {
    sprite: -1,
    offset: [0, 0, 0],
    scale: [1, 1],
    rotation: [0, 0, 0],
    color: [255, 255, 255],
    alpha: 255,
    visible: true,
    blendMode: 1,
    scroll: [0, 0],
    flipX: false,
    flipY: false,
    anchorTopLeft: false,
    zWrite: false,
    speeds: { offset: [0, 0, 0], scale: [0, 0], rotation: [0, 0, 0], scroll: [0, 0] },
    interpolations: {},
  };
  /** The script clock, in frames. */
  frame = 0;
  finished = false;
  paused = false;

  readonly #instructions: readonly Instruction[];
  readonly #jumps: JumpTable;
  readonly #labels = new Map<number, number>();
  readonly #random: SeededRandom;
  readonly #maxSteps: number;
  readonly #warnings = new Map<string, DecodeWarning & { count: number }>();
  #pc = 0;

  constructor(
    reader: { getScript(id: number): Script | undefined; jumpMode?: JumpMode },
    scriptId: number,
    options: SpriteScriptRunnerOptions = {},
  ) {
    const script = reader.getScript(scriptId);
    if (!script) throw new ArgumentError('bad-argument', `SpriteScriptRunner: the file has no script with id ${scriptId}`);
    this.#instructions = script.instructions;
    this.#jumps = new JumpTable(script.instructions, options.jumpMode ?? reader.jumpMode ?? 'offset');
    script.instructions.forEach((instruction, index) => {
      if (instruction.opcode === Op['INTERRUPT_LABEL'] && !this.#labels.has(instruction.args[0]!))
        this.#labels.set(instruction.args[0]!, index);
    });
    this.#random = new SeededRandom(checkedOption(options.seed ?? 0, 'seed', Number.isSafeInteger, 'an integer'));
    this.#maxSteps = checkedOption(
      options.maxStepsPerFrame ?? 4096,
      'maxStepsPerFrame',
      (n) => Number.isSafeInteger(n) && n > 0,
      'a positive integer',
    );
    this.#runDue();
  }

  /** Problems met while running: runaway jump loops, non-finite values. One entry per kind and place. */
  get warnings(): DecodeWarning[] {
    return [...this.#warnings.values()].map(({ code, offset, message, count }) => ({
      code,
      offset,
      message: count > 1 ? `${message} (${count} times)` : message,
    }));
  }

  /** Runs one frame. Returns false once the script has stopped. */
  step(): boolean {
    if (this.finished) return false;
    if (!this.paused) this.frame++;
    this.#advanceMotion();
    this.#runDue();
    return !this.finished;
  }

  /**
   * Resumes at the INTERRUPT_LABEL with this label (else the one labelled -1), sets the clock to its
   * time, clears a pause and shows the sprite, then runs what is due. Returns false, changing
   * nothing, when the script has stopped or has neither label.
   */
  interrupt(label: number): boolean {
    if (this.finished) return false;
    const index = this.#labels.get(label) ?? this.#labels.get(-1);
    if (index === undefined) return false;
    this.#pc = index;
    this.frame = this.#instructions[index]!.time;
    this.paused = false;
    this.state.visible = true;
    this.#runDue();
    return true;
  }

  #runDue(): void {
    let steps = 0;
    while (!this.finished && !this.paused) {
      const instruction = this.#instructions[this.#pc];
      if (!instruction) {
        this.finished = true; // unreachable for validated scripts, which end in STOP
        break;
      }
      if (instruction.time > this.frame) break;
      if (++steps > this.#maxSteps) {
        this.#warn(
          'step-limit',
          instruction.offset,
          `frame ${this.frame} ran ${this.#maxSteps} instructions without the clock moving on; the rest waits for the next frame`,
        );
        break;
      }
      this.#pc++;
      this.#execute(instruction);
    }
    // Here, not in step(): the first frame and interrupts run instructions too, and may STOP after
    // setting a non-finite value.
    this.#checkFinite();
  }

  #execute({ opcode, args, offset }: Instruction): void {
    const s = this.state;
    switch (opcode) {
      case Op['SET_SPRITE']:
        s.sprite = args[0]!;
        break;
      // Sprite ids are s32 in the engine: min + amp and the draw wrap as 32-bit integers do.
      case Op['SET_RANDOM_SPRITE']:
        s.sprite = this.#random.between(args[0]!, args[0]! + args[1]!) | 0;
        break;
      case Op['SET_OFFSET']:
        this.#set('offset', args);
        break;
      case Op['SET_SCALE']:
        this.#set('scale', args);
        break;
      case Op['SET_ROTATION']:
        this.#set('rotation', args);
        break;
      case Op['SET_COLOR']:
        s.color = [args[0]!, args[1]!, args[2]!];
        break;
      case Op['SET_ALPHA']:
        s.alpha = args[0]!;
        delete s.interpolations.alpha;
        break;
      case Op['SET_VISIBILITY']:
        s.visible = args[0] !== 0;
        break;
      case Op['SET_BLEND_MODE']:
        s.blendMode = args[0]!;
        break;
      case Op['SCROLL_TEXTURE_X']:
        s.speeds.scroll[0] = args[0]!;
        break;
      case Op['SCROLL_TEXTURE_Y']:
        s.speeds.scroll[1] = args[0]!;
        break;
      case Op['FLIP_X']:
        s.flipX = !s.flipX;
        break;
      case Op['FLIP_Y']:
        s.flipY = !s.flipY;
        break;
      case Op['ANCHOR_TOP_LEFT']:
        s.anchorTopLeft = !s.anchorTopLeft;
        break;
      case Op['SET_OFFSET_SPEED']:
        s.speeds.offset = [args[0]!, args[1]!, args[2]!];
        break;
      case Op['SET_SCALE_SPEED']:
        s.speeds.scale = [args[0]!, args[1]!];
        break;
      case Op['SET_ROTATION_SPEED']:
        s.speeds.rotation = [args[0]!, args[1]!, args[2]!];
        break;
      case Op['Z_WRITE_DISABLE']:
        s.zWrite = args[0] !== 0;
        break;
      case Op['STOP']:
        this.finished = true;
        break;
      case Op['PAUSE']:
        this.paused = true;
        break;
      case Op['JUMP']: {
        const target = this.#jumps.target(args[0]!);
        if (target < 0) {
          this.#warn('bad-jump', offset, `JUMP to ${args[0]} lands on no instruction; the script stops`);
          this.finished = true;
        } else {
          this.#pc = target;
          this.frame = this.#instructions[target]!.time;
        }
        break;
      }
      case Op['FADE']:
        this.#interpolate('alpha', [s.alpha], [args[0]! & 0xff], args[1]!, args[2]!);
        break;
      case Op['MOVE_TO']:
        this.#interpolate('offset', [...s.offset], args.slice(0, 3), args[3]!, args[4]!);
        break;
      case Op['ROTATE_TO']:
        this.#interpolate('rotation', [...s.rotation], args.slice(0, 3), args[3]!, args[4]!);
        break;
      case Op['SCALE_TO']:
        this.#interpolate('scale', [...s.scale], args.slice(0, 2), args[2]!, args[3]!);
        break;
      default:
        break; // NOP, INTERRUPT_LABEL
    }
  }

  /** A direct SET replaces any interpolation of the same property. */
  #set(property: Vector, args: readonly number[]): void {
    (this.state[property] as number[]).splice(0, Infinity, ...args);
    delete this.state.interpolations[property];
  }

  #interpolate(property: Vector | 'alpha', from: number[], to: number[], duration: number, mode: number): void {
    if (duration === 0) {
      this.#apply(property, to);
      delete this.state.interpolations[property];
    } else {
      this.state.interpolations[property] = { from, to, elapsed: 0, duration, mode };
    }
  }

  #apply(property: Vector | 'alpha', values: number[]): void {
    if (property === 'alpha') this.state.alpha = values[0]!;
    else (this.state[property] as number[]).splice(0, Infinity, ...values);
  }

  #advanceMotion(): void {
    const s = this.state;
    for (const property of ['offset', 'scale', 'rotation', 'alpha'] as const) {
      const speed = property === 'alpha' ? undefined : s.speeds[property];
      if (speed && property !== 'alpha' && speed.some((v) => v !== 0)) {
        // A non-zero speed overrides an interpolation of the same property.
        delete s.interpolations[property];
        const values: number[] = s[property];
        for (let i = 0; i < values.length; i++) values[i]! += speed[i]!;
        continue;
      }
      const run = s.interpolations[property];
      if (!run) continue;
      run.elapsed++;
      const k = ease(run.mode, run.elapsed / run.duration);
      this.#apply(
        property,
        run.from.map((from, i) => from + (run.to[i]! - from) * k),
      );
      if (run.elapsed >= run.duration) delete s.interpolations[property];
    }
    s.scroll[0] += s.speeds.scroll[0];
    s.scroll[1] += s.speeds.scroll[1];
  }

  #checkFinite(): void {
    const s = this.state;
    const checks: Array<[string, number[]]> = [
      ['offset', s.offset],
      ['scale', s.scale],
      ['rotation', s.rotation],
      ['alpha', [s.alpha]],
      ['scroll', s.scroll],
    ];
    for (const [name, values] of checks) {
      if (!values.every(Number.isFinite)) {
        const at = this.#instructions[Math.max(0, this.#pc - 1)]?.offset ?? 0;
        this.#warn(
          'non-finite-state',
          -1,
          `${name} is not finite (${values.join(', ')}) since frame ${this.frame}; the script set a NaN or infinite value, or a speed overflowed (last instruction at byte ${at})`,
          name,
        );
      }
    }
  }

  #warn(code: Code, offset: number, message: string, key = String(offset)): void {
    const id = `${code}:${key}`;
    const known = this.#warnings.get(id);
    if (known) known.count++;
    else this.#warnings.set(id, { code, offset, message: `ANIM: ${message}`, count: 1 });
  }
}
