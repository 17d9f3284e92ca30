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
  }

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

  redraw() {
    const { w, h, dpr } = this.size();
    const g = this.cache.getContext('2d');
    g.clearRect(0, 0, w, h);
    g.fillStyle = '#fbfcfd';
    g.fillRect(0, 0, w, h);
    this.range = null;
    const v = this.values, C = this.cols, N = this.count;
    if (!v || !this.selected.length || N < 1) { this.draw(this.frame || 0); return; }
    let lo = Infinity, hi = -Infinity;
    for (const n of this.selected)
      for (let f = 0; f < N; f++) {
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
      if (N === 1) { g.moveTo(0, y(v[n])); g.lineTo(w, y(v[n])); }
      else if (N <= w) {
        // fewer frames than pixels: one point per frame
        for (let f = 0; f < N; f++) {
          const px = (f / (N - 1)) * w, val = v[f * C + n];
          if (f === 0) g.moveTo(px, y(val)); else g.lineTo(px, y(val));
        }
      } else {
        // more frames than pixels: the range of each pixel column
        for (let px = 0; px < w; px++) {
          const f0 = Math.floor((px / w) * (N - 1)), f1 = Math.max(f0, Math.floor(((px + 1) / w) * (N - 1)));
          let mn = Infinity, mx = -Infinity;
          for (let f = f0; f <= f1; f++) { const x = v[f * C + n]; if (x < mn) mn = x; if (x > mx) mx = x; }
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
    this.draw(this.frame || 0);
  }

  // Copies the curves and draws the cursor at frame f; the legend shows each value at f.
  draw(f) {
    this.frame = f;
    const { width: w, height: h } = this.canvas;
    const g = this.ctx;
    g.clearRect(0, 0, w, h);
    g.drawImage(this.cache, 0, 0);
    if (this.count > 1) {
      const x = (f / (this.count - 1)) * w;
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
