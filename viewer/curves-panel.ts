// The curves of the selected bone's track (its rotation and translation keys, and the angular
// speed), and the key marks over the timeline.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { onBoneChange, onSelectionChange } from './selection-events.js';
import { $, selectedTrack, state } from './state.js';

/** The plot draws itself on each change of the selection or the bone. */
export function setUpCurvesPanel(): void {
  onSelectionChange(renderCurves);
  onBoneChange(renderCurves);
}

/** One plot, its data replaced on each switch (a new uPlot per switch cost time and kept memory). */
let plot: uPlot | null = null;
const COLORS = ['#ff6b6b', '#6bff8a', '#6bb5ff', '#f0f0f0', '#ffb36b', '#b36bff', '#6bfff0', '#ffd36b'];

function plotSize(box: HTMLElement): { width: number; height: number } {
  return { width: Math.max(100, box.clientWidth - 16), height: Math.max(60, box.clientHeight - 34) };
}

function makePlot(box: HTMLElement, data: uPlot.AlignedData): uPlot {
  const made = new uPlot(
    {
      ...plotSize(box),
      scales: { x: { time: false }, deg: {} },
      axes: [{ stroke: '#aaa' }, { stroke: '#aaa' }, { side: 1, scale: 'deg', stroke: '#ffd36b', grid: { show: false } }],
      series: [
        {},
        ...['qx', 'qy', 'qz', 'qw', 'tx', 'ty', 'tz'].map((label, i) => ({ label, stroke: COLORS[i]!, width: 1.5 })),
        { label: 'deg/s', scale: 'deg', stroke: COLORS[7]!, width: 1 },
      ],
    },
    data,
    box,
  );
  // The panel's height follows the window (style.css): the plot follows the panel.
  new ResizeObserver(() => made.setSize(plotSize(box))).observe(box);
  return made;
}

export function renderCurves(): void {
  const track = selectedTrack();
  const box = $('curves');
  const message = $('curves-message');
  const empty = !track || track.times.length === 0;
  message.hidden = !empty;
  if (plot) plot.root.hidden = empty;
  if (empty) return void (message.textContent = 'No keys for this bone (it keeps its rest pose).');
  const times = Array.from(track.times);
  const q = (c: number) => times.map((_, k) => track.rotations[4 * k + c]!);
  const t = (c: number) =>
    times.map((_, k) => (track.translations && !track.extras?.translationTimes ? track.translations[3 * k + c]! : null));
  const speed = times.map((time, k) => {
    if (k === 0) return 0;
    const dot = Math.abs([0, 1, 2, 3].reduce((sum, c) => sum + track.rotations[4 * k + c]! * track.rotations[4 * (k - 1) + c]!, 0));
    const dt = time - times[k - 1]!;
    return dt > 0 ? ((2 * Math.acos(Math.min(1, dot))) / dt) * (180 / Math.PI) : 0;
  });
  const data = [times, q(0), q(1), q(2), q(3), t(0), t(1), t(2), speed] as uPlot.AlignedData;
  if (plot) plot.setData(data);
  else plot = makePlot(box, data);
}

export function drawKeyMarks(): void {
  const canvas = $<HTMLCanvasElement>('keys');
  // Setting the width clears and reallocates the canvas: only when the panel's width changed.
  if (canvas.width !== canvas.clientWidth) canvas.width = canvas.clientWidth;
  const context = canvas.getContext('2d')!;
  context.clearRect(0, 0, canvas.width, canvas.height);
  const track = selectedTrack();
  const duration = state.clip?.duration || 1;
  if (track) {
    context.fillStyle = '#8ab';
    for (const time of track.times) context.fillRect(Math.round((time / duration) * (canvas.width - 1)), 2, 1, 10);
  }
  context.fillStyle = '#ffcc55';
  context.fillRect(Math.round((state.time / duration) * (canvas.width - 1)) - 1, 0, 3, 14);
}
