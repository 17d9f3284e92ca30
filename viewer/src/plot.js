// A plot of selected neuron outputs over the whole run, with a cursor at the current frame. The
// curves are drawn once per selection (min/max per pixel column, so 10,000 frames cost a few
// thousand line segments) into an offscreen canvas; each frame only copies it and draws the cursor.
import { PALETTE } from './colors.js';

export class NeuronPlot {
  constructor(canvas, legend) {
    this.canvas = canvas;
    this.legend = legend;
    this.ctx = canvas.getContext('2d');
    this.cache = document.createElement('canvas');
    this.selected = [];
    this.values = null;
    this.count = 0;
    this.cols = 0;
    this.labels = [];
    this.window = 0;  // frames either side of the cursor; 0 = the whole run
    this.span = [0, 0];
  }

  // Plots only `frames` frames either side of the current one (0: the whole run).
  setWindow(frames) { this.window = Math.max(0, frames | 0); this.redraw(); }

  setData(values, cols, count, labels, selected) {
    this.values = values;
    this.cols = cols;
    this.count = count;
    this.labels = labels;
    this.selected = selected.slice();
    this.redraw();
  }

  setSelected(selected) { this.selected = selected.slice(); this.redraw(); }

  size() {
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    const w = Math.max(50, Math.round(this.canvas.clientWidth * dpr)), h = Math.max(40, Math.round(this.canvas.clientHeight * dpr));
    if (this.canvas.width !== w || this.canvas.height !== h) { this.canvas.width = w; this.canvas.height = h; }
    this.cache.width = w; this.cache.height = h;
    return { w, h, dpr };
  }

  // The frames plotted around frame f.
  spanAt(f) {
    if (!this.window || this.count <= 2 * this.window + 1) return [0, Math.max(0, this.count - 1)];
    const a = Math.min(Math.max(0, f - this.window), this.count - 1 - 2 * this.window);
    return [a, a + 2 * this.window];
  }

  redraw() {
    const { w, h, dpr } = this.size();
    const [a, b] = (this.span = this.spanAt(this.frame || 0));
    const g = this.cache.getContext('2d');
    g.clearRect(0, 0, w, h);
    g.fillStyle = '#fbfcfd';
    g.fillRect(0, 0, w, h);
    this.range = null;
    const v = this.values, C = this.cols, N = b - a + 1;
    if (!v || !this.selected.length || this.count < 1) { this.draw(this.frame || 0, true); return; }
    let lo = Infinity, hi = -Infinity;
    for (const n of this.selected)
      for (let f = a; f <= b; f++) {
        const x = v[f * C + n];
        if (Number.isFinite(x)) { if (x < lo) lo = x; if (x > hi) hi = x; }
      }
    if (!Number.isFinite(lo)) { lo = -1; hi = 1; }
    if (hi - lo < 1e-9) { lo -= 0.5; hi += 0.5; }
    const pad = (hi - lo) * 0.06;
    lo -= pad; hi += pad;
    this.range = [lo, hi];
    const y = (val) => h - ((val - lo) / (hi - lo)) * h;
    if (lo < 0 && hi > 0) {
      g.strokeStyle = '#c9d1da';
      g.lineWidth = dpr;
      g.beginPath(); g.moveTo(0, y(0)); g.lineTo(w, y(0)); g.stroke();
    }
    this.selected.forEach((n, k) => {
      g.strokeStyle = PALETTE[k % PALETTE.length];
      g.lineWidth = 1.5 * dpr;
      g.beginPath();
      if (N === 1) { g.moveTo(0, y(v[a * C + n])); g.lineTo(w, y(v[a * C + n])); }
      else if (N <= w) {
        // fewer frames than pixels: one point per frame
        for (let f = 0; f < N; f++) {
          const px = (f / (N - 1)) * w, val = v[(a + f) * C + n];
          if (f === 0) g.moveTo(px, y(val)); else g.lineTo(px, y(val));
        }
      } else {
        // more frames than pixels: the range of each pixel column
        for (let px = 0; px < w; px++) {
          const f0 = Math.floor((px / w) * (N - 1)), f1 = Math.max(f0, Math.floor(((px + 1) / w) * (N - 1)));
          let mn = Infinity, mx = -Infinity;
          for (let f = a + f0; f <= a + f1; f++) { const x = v[f * C + n]; if (x < mn) mn = x; if (x > mx) mx = x; }
          if (!Number.isFinite(mn)) continue;
          if (px === 0) g.moveTo(px, y(mn));
          g.lineTo(px, y(mn));
          if (mx !== mn) g.lineTo(px, y(mx));
        }
      }
      g.stroke();
    });
    g.fillStyle = '#55606c';
    g.font = `${10 * dpr}px sans-serif`;
    g.fillText(hi.toPrecision(3), 3 * dpr, 11 * dpr);
    g.fillText(lo.toPrecision(3), 3 * dpr, h - 3 * dpr);
    this.draw(this.frame || 0, true);
  }

  // Copies the curves and draws the cursor at frame f; the legend shows each value at f.
  draw(f, cached = false) {
    this.frame = f;
    if (!cached && this.window) {
      const [a] = this.spanAt(f);
      if (a !== this.span[0]) { this.redraw(); return; }  // the window moved: new curves
    }
    const { width: w, height: h } = this.canvas;
    const g = this.ctx;
    g.clearRect(0, 0, w, h);
    g.drawImage(this.cache, 0, 0);
    const [a, b] = this.span;
    if (b > a) {
      const x = ((f - a) / (b - a)) * w;
      g.strokeStyle = '#222';
      g.lineWidth = 1;
      g.beginPath(); g.moveTo(x, 0); g.lineTo(x, h); g.stroke();
    }
    if (this.legend) {
      const v = this.values;
      this.legend.replaceChildren(...this.selected.map((n, k) => {
        const row = document.createElement('div');
        const sw = document.createElement('span');
        sw.className = 'gk-swatch';
        sw.style.background = PALETTE[k % PALETTE.length];
        const val = v ? v[f * this.cols + n] : NaN;
        row.append(sw, `${this.labels[n]}: ${Number.isFinite(val) ? val.toFixed(4) : '—'}`);
        return row;
      }));
    }
  }

  // The plotted values at frame f (for tests).
  valuesAt(f) { return this.selected.map((n) => this.values[f * this.cols + n]); }
}
