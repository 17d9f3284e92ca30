// genokit view: the page. Reads the page data genokit embedded (<script id="genokit-view-data">),
// decodes the frames and shows one scene at a time with playback controls, a panel (criteria,
// neuron plot, display options, genotype, licences) and a test hook (window.genokitView).
import { REVISION } from 'three';
import css from './style.css';
import { decodeFrames } from './decode.js';
import { NeuronPlot } from './plot.js';
import { View3D } from './scene3d.js';

/* global __THREE_LICENSE__, __THREE_VERSION__ */

const SPEEDS = [0.1, 0.25, 0.5, 1, 2, 4, 8, 16];

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

function fmt(v) {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(3) : v.toFixed(4);
  if (Array.isArray(v)) return v.map(fmt).join(', ');
  return String(v);
}

// Criteria computed from the centre-of-mass track, shown next to those the file gives.
function computedCriteria(fr, dt, up) {
  const out = [];
  if (!fr.com || fr.count < 1) return out;
  const c = fr.com, N = fr.count;
  const t0 = fr.time ? fr.time[0] : 0, t1 = fr.time ? fr.time[N - 1] : (N - 1) * dt;
  const d = [c[3 * (N - 1)] - c[0], c[3 * (N - 1) + 1] - c[1], c[3 * (N - 1) + 2] - c[2]];
  const u = up === 'y' ? 1 : 2;  // the vertical axis; the other two are horizontal
  const horizontal = Math.hypot(...d.filter((_, k) => k !== u));
  let path = 0, top = -Infinity;
  for (let i = 0; i < N; i++) {
    if (i) path += Math.hypot(c[3 * i] - c[3 * i - 3], c[3 * i + 1] - c[3 * i - 2], c[3 * i + 2] - c[3 * i - 1]);
    top = Math.max(top, c[3 * i + u]);
  }
  const dur = t1 - t0;
  out.push(['duration (s)', dur]);
  out.push(['distance, horizontal', horizontal]);
  out.push(['distance, 3D', Math.hypot(...d)]);
  if (dur > 0) out.push(['mean velocity (horizontal)', horizontal / dur]);
  out.push(['highest centre of mass', top]);
  out.push(['path length of the centre of mass', path]);
  out.push(['centre of mass, start', [c[0], c[1], c[2]]]);
  out.push(['centre of mass, end', [c[3 * N - 3], c[3 * N - 2], c[3 * N - 1]]]);
  return out;
}

class App {
  constructor(data) {
    this.data = data;
    this.cache = new Map();
    this.playing = false;
    this.speed = 1;
    this.t = 0;
    this.frame = 0;
    this.firstFrameMs = null;
    this.build();
  }

  build() {
    document.head.append(el('style', {}, css));
    this.viewBox = el('div', { id: 'gk-view' });
    this.panel = el('div', { id: 'gk-panel' });
    this.bar = el('div', { id: 'gk-bar' });
    this.app = el('div', { id: 'gk-app' }, this.viewBox, this.panel, this.bar);
    document.body.append(this.app);
    this.view = new View3D(this.viewBox);
    this.view.onRender = () => this.afterRender();
    this.viewBox.append(el('div', { id: 'gk-help' }, 'drag: orbit · right-drag: pan · wheel: zoom · space: play/pause · ←/→: step · F: follow · P: panel'));

    const btn = (label, title, fn) => el('button', { title, onclick: fn }, label);
    this.playBtn = btn('▶', 'Play / pause (space)', () => this.toggle());
    this.scrub = el('input', { id: 'gk-scrub', type: 'range', min: '0', max: '0', value: '0', step: '1', title: 'Frame' });
    this.scrub.addEventListener('input', () => this.seek(Number(this.scrub.value)));
    this.timeLabel = el('span', { id: 'gk-time' });
    this.speedSel = el('select', { title: 'Playback speed (+/-)' }, ...SPEEDS.map((s) => el('option', { value: String(s) }, `${s}×`)));
    this.speedSel.value = '1';
    this.speedSel.addEventListener('change', () => { this.speed = Number(this.speedSel.value); });
    this.bar.append(btn('|◀', 'First frame (Home)', () => this.seek(0)), btn('◁', 'Step back (←)', () => this.step(-1)),
      this.playBtn, btn('▷', 'Step forward (→)', () => this.step(1)), btn('▶|', 'Last frame (End)', () => this.seek(1e12)),
      this.scrub, this.timeLabel, this.speedSel);

    const scenes = this.data.scenes;
    this.panel.append(el('h1', {}, this.data.title || 'genokit view'));
    if (scenes.length > 1) {
      this.sceneSel = el('select', { id: 'gk-scene', title: 'Genotype' },
        ...scenes.map((s, i) => el('option', { value: String(i) }, `${i}: ${s.name || '(unnamed)'}`)));
      this.sceneSel.addEventListener('change', () => this.select(Number(this.sceneSel.value)));
      this.panel.append(el('label', {}, 'Genotype ', this.sceneSel));
    }
    this.notes = el('div');
    this.criteria = el('table');
    this.neuronList = el('div', { id: 'gk-neurons' });
    this.plotCanvas = el('canvas', { id: 'gk-plot' });
    this.plotLegend = el('div');
    this.windowSel = el('select', { title: 'Time shown in the plot' },
      ...[['0', 'the whole run'], ['20', '± 20 frames'], ['100', '± 100 frames'], ['500', '± 500 frames']]
        .map(([v, t]) => el('option', { value: v }, t)));
    this.windowSel.addEventListener('change', () => this.plot && this.plot.setWindow(Number(this.windowSel.value)));
    this.plotBox = el('details', { open: '' }, el('summary', {}, 'Neuron outputs'), this.neuronList, this.plotCanvas,
      el('label', { class: 'gk-check' }, 'plot ', this.windowSel), this.plotLegend);
    this.colorSel = el('select', {}, ...['genotype', 'friction', 'density', 'stiffness', 'rotation stiffness', 'stamina']
      .map((m) => el('option', { value: m }, m === 'genotype' ? 'colours from the genotype' : m)));
    this.colorSel.addEventListener('change', () => { if (this.view.creature) { this.view.creature.setColorMode(this.colorSel.value); this.view.requestRender(); } });
    const check = (label, on, fn) => {
      const c = el('input', { type: 'checkbox' });
      c.checked = on;
      c.addEventListener('change', () => fn(c.checked));
      return [c, el('label', { class: 'gk-check' }, c, ' ', label)];
    };
    let followBox;
    [this.followCheck, followBox] = check('camera follows the centre of mass (F)', true, (v) => { this.view.follow = v; });
    const [, partsBox] = check('show parts', true, (v) => { if (this.view.creature) this.view.creature.setPartsVisible(v); this.view.requestRender(); });
    const [, trackBox] = check('show centre-of-mass track', true, (v) => { if (this.view.track) this.view.track.visible = v; this.view.requestRender(); });
    this.genotypeText = el('pre');
    this.info = el('table');
    this.settings = el('table');
    this.settingsBox = el('details', {}, el('summary', {}, 'Simulation settings'), this.settings);
    this.panel.append(this.notes,
      el('details', { open: '' }, el('summary', {}, 'Criteria'), this.criteria),
      this.plotBox,
      el('details', { open: '' }, el('summary', {}, 'Display'), el('label', { class: 'gk-check' }, 'colour sticks and parts by ', this.colorSel),
        followBox, partsBox, trackBox,
        el('button', { onclick: () => this.view.frameCamera() }, 'reset camera')),
      el('details', {}, el('summary', {}, 'Body'), this.info),
      this.settingsBox,
      el('details', {}, el('summary', {}, 'Genotype'), this.genotypeText),
      el('details', {}, el('summary', {}, 'About and licences'),
        el('p', {}, `Made by ${this.data.generator || 'genokit'} (genokit view). This page is self-contained: it loads nothing from the network. 3D drawing by three.js r${REVISION} (npm package three ${__THREE_VERSION__}), used under the MIT licence:`),
        el('pre', {}, __THREE_LICENSE__)));

    window.addEventListener('keydown', (e) => {
      if (e.target instanceof HTMLInputElement && e.target.type !== 'range' && e.target.type !== 'checkbox') return;
      if (e.target instanceof HTMLSelectElement) return;
      const k = e.key;
      if (k === ' ') { this.toggle(); e.preventDefault(); }
      else if (k === 'ArrowRight') { this.step(1); e.preventDefault(); }
      else if (k === 'ArrowLeft') { this.step(-1); e.preventDefault(); }
      else if (k === 'Home') this.seek(0);
      else if (k === 'End') this.seek(1e12);
      else if (k === '+' || k === '=') this.changeSpeed(1);
      else if (k === '-') this.changeSpeed(-1);
      else if (k === 'f' || k === 'F') { this.followCheck.checked = !this.followCheck.checked; this.view.follow = this.followCheck.checked; }
      else if (k === 'p' || k === 'P') { this.panel.classList.toggle('gk-hidden'); this.app.classList.toggle('gk-nopanel'); this.view.resize(); }
    });
  }

  changeSpeed(d) {
    const i = Math.max(0, Math.min(SPEEDS.length - 1, SPEEDS.indexOf(this.speed) + d));
    this.speed = SPEEDS[i];
    this.speedSel.value = String(this.speed);
  }

  async frames(i) {
    if (!this.cache.has(i)) this.cache.set(i, decodeFrames(this.data.scenes[i].frames));
    return this.cache.get(i);
  }

  async select(i) {
    this.pause();
    const sd = this.data.scenes[i];
    const fr = await this.frames(i);
    this.index = i;
    this.sd = sd;
    this.fr = fr;
    if (!fr.time) {
      fr.time = new Float32Array(fr.count);
      for (let k = 0; k < fr.count; k++) fr.time[k] = k * (sd.dt || 0);
    }
    this.view.load(sd, fr);
    this.scrub.max = String(Math.max(0, fr.count - 1));
    this.fillPanel(sd, fr);
    this.frame = -1;
    this.seek(0);
  }

  fillPanel(sd, fr) {
    this.notes.replaceChildren(...(sd.notes || []).map((n) => el('div', { class: 'gk-note' }, n)));
    if (sd.status && sd.status !== 'ok') this.notes.append(el('div', { class: 'gk-note' }, `simulation ${sd.status}${sd.message ? ': ' + sd.message : ''}`));
    const rows = [];
    for (const [k, v] of Object.entries(sd.criteria || {})) rows.push([k, v]);
    rows.push(...computedCriteria(fr, sd.dt || 0, sd.up));
    if (sd.dt) rows.push(['time step (s)', sd.dt]);
    rows.push(['frames', fr.count]);
    this.criteria.replaceChildren(...rows.map(([k, v]) => el('tr', {}, el('td', {}, k), el('td', {}, fmt(v)))));
    this.info.replaceChildren(...(sd.info || []).map(([k, v]) => el('tr', {}, el('td', {}, k), el('td', {}, fmt(v)))));
    this.settings.replaceChildren(...(sd.settings || []).map(([k, v]) => el('tr', {}, el('td', {}, k), el('td', {}, fmt(v)))));
    this.settingsBox.style.display = sd.settings && sd.settings.length ? '' : 'none';
    this.genotypeText.textContent = sd.source && sd.source.genotype ? sd.source.genotype : '(none)';
    const neurons = (sd.creature && sd.creature.neurons) || [];
    this.plotBox.style.display = neurons.length && fr.neurons ? '' : 'none';
    const labels = neurons.map((n, i) => `#${i} ${n.label || n.class || 'N'}`);
    const selected = neurons.map((_, i) => i).slice(0, 3);
    this.neuronList.replaceChildren(...neurons.map((n, i) => {
      const c = el('input', { type: 'checkbox', value: String(i) });
      c.checked = selected.includes(i);
      c.addEventListener('change', () => {
        const sel = [...this.neuronList.querySelectorAll('input:checked')].map((x) => Number(x.value));
        this.plot.setSelected(sel);
      });
      return el('label', { title: labels[i] }, c, ' ', labels[i]);
    }));
    if (!this.plot) this.plot = new NeuronPlot(this.plotCanvas, this.plotLegend);
    if (fr.neurons) this.plot.setData(fr.neurons, fr.neuronsCols, fr.count, labels, selected);
    else this.plot.setData(null, 0, 0, [], []);
  }

  afterRender() {
    if (this.firstFrameMs === null) this.firstFrameMs = performance.now();
  }

  // Shows frame f; the playback clock moves to its time.
  seek(f, keepClock = false) {
    const fr = this.fr;
    if (!fr) return;
    f = Math.max(0, Math.min(fr.count - 1, Math.floor(f)));
    if (!keepClock) this.t = fr.time[f];
    if (f !== this.frame) {
      this.frame = f;
      this.view.setFrame(f);
      this.scrub.value = String(f);
      if (this.plot) this.plot.draw(f);
    }
    const total = fr.time[fr.count - 1];
    this.timeLabel.textContent = `t = ${fr.time[f].toFixed(2)} / ${total.toFixed(2)} s · frame ${f + 1}/${fr.count}`;
  }

  step(d) { this.pause(); this.seek(this.frame + d); }

  // The last frame whose time is <= t.
  frameAt(t) {
    const tm = this.fr.time;
    let lo = 0, hi = this.fr.count - 1;
    if (t >= tm[hi]) return hi;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (tm[mid] <= t) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  // Moves the playback clock by dt seconds of simulated time.
  advance(dt) {
    const fr = this.fr;
    this.t += dt;
    const end = fr.time[fr.count - 1];
    if (this.t >= end) { this.t = end; this.pause(); }
    this.seek(this.frameAt(this.t), true);
  }

  toggle() { if (this.playing) this.pause(); else this.play(); }

  play() {
    if (!this.fr || this.fr.count < 2) return;
    if (this.frame >= this.fr.count - 1) this.seek(0);
    this.playing = true;
    this.playBtn.textContent = '❚❚';
    let last = performance.now();
    const tick = (now) => {
      if (!this.playing) return;
      this.advance(((now - last) / 1000) * this.speed);
      last = now;
      if (this.playing) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  pause() {
    this.playing = false;
    this.playBtn.textContent = '▶';
  }
}

function showError(message) {
  const box = document.getElementById('gk-view') || document.body;
  box.append(el('div', { id: 'gk-error' }, `genokit view could not show this page:\n${message}`));
}

async function start() {
  const hook = { ready: false, error: null };
  window.genokitView = hook;
  try {
    const node = document.getElementById('genokit-view-data');
    if (!node) throw new Error('the page holds no data (genokit-view-data)');
    const data = JSON.parse(node.textContent);
    if (data.format !== 'genokit-view' || !Array.isArray(data.scenes) || !data.scenes.length) throw new Error('not genokit view data');
    const app = new App(data);
    await app.select(Math.min(data.scenes.length - 1, Math.max(0, data.selected | 0)));
    app.view.render();
    Object.assign(hook, {
      app,
      sceneCount: () => data.scenes.length,
      scene: () => app.index,
      selectScene: async (i) => { await app.select(i); app.view.render(); return app.index; },
      frameCount: () => app.fr.count,
      frame: () => app.frame,
      time: () => app.fr.time[app.frame],
      setFrame: (f) => { app.pause(); app.seek(f); app.view.render(); return app.frame; },
      advance: (seconds) => { app.advance(seconds); app.view.render(); return app.frame; },
      play: () => app.play(),
      pause: () => app.pause(),
      setSpeed: (s) => { app.speed = s; },
      counts: () => app.view.counts(),
      partPositions: () => app.view.drawnParts(),
      bodyPoses: () => app.view.drawnBodies(),
      muscleColors: () => app.view.drawnMuscleColors(),
      plotted: () => (app.plot && app.plot.values ? { neurons: app.plot.selected, values: app.plot.valuesAt(app.frame) } : null),
      camera: () => ({ position: app.view.camera.position.toArray(), target: app.view.controls.target.toArray() }),
      render: () => app.view.render(),
      startTime: () => app.fr.time[0],
      endTime: () => app.fr.time[app.fr.count - 1],
      // Shows the last frame at or before simulated time t (as playback would) and draws it now.
      setTime: (t) => { app.pause(); app.t = t; app.seek(app.frameAt(t), true); app.view.render(); return app.frame; },
      // Hides (false) or shows the side panel, the control bar and the help line (video frames).
      showControls: (on) => {
        app.app.classList.toggle('gk-bare', !on);
        app.view.resize();
        app.view.render();
      },
      firstFrameMs: app.firstFrameMs,
    });
    hook.ready = true;
  } catch (e) {
    hook.error = String(e && e.message ? e.message : e);
    showError(hook.error);
    console.error('genokit view:', e);
  }
}

start();
