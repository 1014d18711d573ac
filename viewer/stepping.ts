// Frame-exact control: the frame number and time, steps by a 60 Hz frame (round the loop when the
// clip loops) and by key, the shortcuts (space, arrows, comma and period, Home and End), and Play
// restarting a finished clip.
import type { SkeletalClip } from 'gameanim';

const FRAME = 1 / 60;

export interface SteppingHost {
  clip(): SkeletalClip | null;
  /** The key times of the selected bone's track (empty without one). */
  keyTimes(): ArrayLike<number>;
  time(): number;
  seek(time: number): void;
  playing(): boolean;
  setPlaying(playing: boolean): void;
  looping(): boolean;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** "frame 12 / 44": the 60 Hz frame the time falls in, of the clip's frames. */
export function frameLabel(time: number, duration: number): string {
  return `frame ${Math.floor(time / FRAME + 1e-6)} / ${Math.floor(duration / FRAME + 1e-6)}`;
}

export function setUpStepping(host: SteppingHost): void {
  const clamp = (time: number) => Math.min(Math.max(0, time), host.clip()?.duration ?? 0);
  const byFrame = (direction: 1 | -1) => {
    host.setPlaying(false);
    // To the next frame boundary in that direction (a time between frames steps to one).
    const frame = Math.round(host.time() / FRAME);
    const target =
      (direction > 0 ? (frame * FRAME > host.time() + 1e-6 ? frame : frame + 1) : frame * FRAME < host.time() - 1e-6 ? frame : frame - 1) *
      FRAME;
    // A looping clip steps on round its end, as it plays; otherwise the ends hold.
    const duration = host.clip()?.duration ?? 0;
    if (host.looping() && duration > 0 && target > duration + 1e-6) host.seek(target - duration);
    else if (host.looping() && duration > 0 && target < -1e-6) host.seek(duration + target);
    else host.seek(clamp(target));
  };
  const byKey = (direction: 1 | -1) => {
    host.setPlaying(false);
    const keys = Array.from(host.keyTimes());
    const now = host.time();
    const next = direction > 0 ? keys.find((t) => t > now + 1e-6) : [...keys].reverse().find((t) => t < now - 1e-6);
    if (next !== undefined) host.seek(clamp(next));
  };
  const togglePlay = () => {
    const clip = host.clip();
    // Play on a finished clip (loop off) starts it again.
    if (!host.playing() && clip && !host.looping() && host.time() >= clip.duration - 1e-6) host.seek(0);
    host.setPlaying(!host.playing());
  };
  $('play').onclick = togglePlay;
  $('frame-back').onclick = () => byFrame(-1);
  $('frame-next').onclick = () => byFrame(1);
  $('key-back').onclick = () => byKey(-1);
  $('key-next').onclick = () => byKey(1);
  window.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLInputElement && ['text', 'search', 'number'].includes(event.target.type)) return; // typing a name or a search
    if (event.target instanceof HTMLSelectElement) return;
    const actions: Record<string, () => void> = {
      ' ': togglePlay,
      ArrowLeft: () => byFrame(-1),
      ArrowRight: () => byFrame(1),
      ',': () => byKey(-1),
      '.': () => byKey(1),
      Home: () => (host.setPlaying(false), host.seek(0)),
      End: () => (host.setPlaying(false), host.seek(host.clip()?.duration ?? 0)),
    };
    const action = actions[event.key];
    if (!action || !host.clip()) return;
    event.preventDefault();
    action();
  });
}
