// Colour helpers shared by the 3D view and the plot.
import { Color } from 'three';

// A perceptually ordered ramp (viridis-like) for property values: t in [0, 1].
const RAMP = [
  [0.267, 0.005, 0.329], [0.229, 0.322, 0.546], [0.128, 0.567, 0.551], [0.369, 0.789, 0.383], [0.993, 0.906, 0.144],
];
export function ramp(t, out = new Color()) {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(x));
  const f = x - i;
  const a = RAMP[i], b = RAMP[i + 1];
  return out.setRGB(a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f);
}

// A muscle's signal in [-1, 1]: blue (contracting one way) - light grey (0) - red (the other way).
export function signalColor(s, out = new Color()) {
  const v = Math.min(1, Math.max(-1, Number.isFinite(s) ? s : 0));
  const g = 0.85;
  if (v >= 0) return out.setRGB(g + (0.9 - g) * v, g - (g - 0.12) * v, g - (g - 0.1) * v);
  const w = -v;
  return out.setRGB(g - (g - 0.1) * w, g - (g - 0.35) * w, g + (0.95 - g) * w);
}

// Distinct colours for plot lines and rigid bodies.
export const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];

export function rgbArray(c, fallback = [0.8, 0.8, 0.8]) {
  if (!Array.isArray(c) || c.length < 3) return fallback;
  return c.map((v) => Math.min(1, Math.max(0, Number(v) || 0)));
}
