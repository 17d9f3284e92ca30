// A Framsticks creature drawn with instanced meshes (a handful of draw calls at any size): sticks as
// capsules (cylinder + two caps) in their colour, parts as balls, muscles as sleeves on their
// stick coloured by their current signal.
import {
  Color, CylinderGeometry, DynamicDrawUsage, InstancedMesh, Matrix4, MeshStandardMaterial, Quaternion, SphereGeometry,
  Vector3,
} from 'three';
import { ramp, rgbArray, signalColor } from './colors.js';

const UP = new Vector3(0, 1, 0);

function instanced(geometry, count, name) {
  const mat = new MeshStandardMaterial({ color: 0xffffff, roughness: 0.55, metalness: 0.05 });
  const mesh = new InstancedMesh(geometry, mat, Math.max(count, 1));
  mesh.count = count;
  mesh.name = name;
  mesh.instanceMatrix.setUsage(DynamicDrawUsage);
  mesh.frustumCulled = false;  // instances move; the bounding sphere of instance 0 would cull them
  return mesh;
}

export class CreatureView {
  constructor(body) {
    this.body = body;
    const P = body.parts.length, S = body.sticks.length, M = body.muscles.length;
    this.P = P; this.S = S; this.M = M;
    this.radius = Number(body.radius) > 0 ? Number(body.radius) : 0.1;
    const big = P + S > 2000;  // fewer triangles per instance for very large bodies
    const seg = big ? 8 : 16;
    this.parts = instanced(new SphereGeometry(1, seg, big ? 6 : 12), P, 'parts');
    this.sticks = instanced(new CylinderGeometry(1, 1, 1, big ? 8 : 14, 1, true), S, 'sticks');
    this.caps = instanced(new SphereGeometry(1, seg, big ? 6 : 10), 2 * S, 'stick-caps');
    this.muscles = instanced(new CylinderGeometry(1, 1, 1, big ? 8 : 14, 1, false), M, 'muscles');
    this.meshes = [this.parts, this.sticks, this.caps, this.muscles];
    this.stickOfMuscle = body.muscles.map((m) => (Number.isInteger(m.stick) ? m.stick : -1));
    this.m = new Matrix4(); this.q = new Quaternion(); this.s = new Vector3(); this.a = new Vector3();
    this.b = new Vector3(); this.d = new Vector3(); this.c = new Color();
    this.setPartsVisible(true);
    this.setColorMode('genotype');
    for (let i = 0; i < M; i++) this.muscles.setColorAt(i, signalColor(0, this.c));
  }

  // Colour modes: 'genotype' (vr, vg, vb), or a property on a ramp from its minimum to maximum.
  setColorMode(mode) {
    this.colorMode = mode;
    const { parts, sticks } = this.body;
    const span = (vals) => {
      const f = vals.filter(Number.isFinite);
      const lo = f.length ? Math.min(...f) : 0, hi = f.length ? Math.max(...f) : 1;
      return (v) => (hi > lo ? (v - lo) / (hi - lo) : 0.5);
    };
    const partProp = { friction: 'fr', density: 'dn' }[mode];
    const stickProp = { stiffness: 'stif', 'rotation stiffness': 'rotstif', stamina: 'stam' }[mode];
    const pt = partProp ? span(parts.map((p) => Number(p[partProp]))) : null;
    for (let i = 0; i < this.P; i++) {
      if (pt) ramp(pt(Number(parts[i][partProp])), this.c);
      else this.c.setRGB(...rgbArray(parts[i].color));
      this.parts.setColorAt(i, this.c);
    }
    const st = stickProp ? span(sticks.map((s) => Number(s[stickProp]))) : null;
    for (let i = 0; i < this.S; i++) {
      const s = sticks[i];
      if (st) ramp(st(Number(s[stickProp])), this.c);
      else if (pt) {
        // a part property on sticks: the mean of their two parts
        const v = (Number(parts[s.p1]?.[partProp]) + Number(parts[s.p2]?.[partProp])) / 2;
        ramp(pt(v), this.c);
      } else this.c.setRGB(...rgbArray(s.color));
      this.sticks.setColorAt(i, this.c);
      this.caps.setColorAt(2 * i, this.c);
      this.caps.setColorAt(2 * i + 1, this.c);
    }
    for (const mesh of [this.parts, this.sticks, this.caps]) if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
  }

  // Part balls (radius 1.35 r) hide the stick caps (radius r): caps are drawn only without them,
  // which halves the triangles of a large body.
  setPartsVisible(v) {
    this.parts.visible = v;
    this.caps.visible = !v;
  }

  // Poses every instance for frame f: pos = all parts' x, y, z (3P per frame), signals = muscles (M per frame).
  update(pos, f, signals) {
    const P = this.P, base = 3 * P * f, r = this.radius, m = this.m;
    const pr = 1.35 * r;
    this.s.set(pr, pr, pr);
    this.q.identity();
    for (let i = 0; i < P; i++) {
      this.a.set(pos[base + 3 * i], pos[base + 3 * i + 1], pos[base + 3 * i + 2]);
      this.parts.setMatrixAt(i, m.compose(this.a, this.q, this.s));
    }
    const { sticks } = this.body;
    for (let i = 0; i < this.S; i++) {
      const { p1, p2 } = sticks[i];
      this.a.set(pos[base + 3 * p1], pos[base + 3 * p1 + 1], pos[base + 3 * p1 + 2]);
      this.b.set(pos[base + 3 * p2], pos[base + 3 * p2 + 1], pos[base + 3 * p2 + 2]);
      this.stickMatrix(this.a, this.b, 0.5, 1, r, m);
      this.sticks.setMatrixAt(i, m);
      this.s.set(r, r, r);
      this.q.identity();
      this.caps.setMatrixAt(2 * i, m.compose(this.a, this.q, this.s));
      this.caps.setMatrixAt(2 * i + 1, m.compose(this.b, this.q, this.s));
    }
    const mbase = this.M * f;
    for (let i = 0; i < this.M; i++) {
      const si = this.stickOfMuscle[i];
      const st = sticks[si];
      if (!st) { this.muscles.setMatrixAt(i, m.makeScale(0, 0, 0)); continue; }
      this.a.set(pos[base + 3 * st.p1], pos[base + 3 * st.p1 + 1], pos[base + 3 * st.p1 + 2]);
      this.b.set(pos[base + 3 * st.p2], pos[base + 3 * st.p2 + 1], pos[base + 3 * st.p2 + 2]);
      const twist = this.body.muscles[i].kind === 'twist';
      this.stickMatrix(this.a, this.b, twist ? 0.7 : 0.3, 0.28, r * (twist ? 1.45 : 1.75), m);
      this.muscles.setMatrixAt(i, m);
      if (signals) this.muscles.setColorAt(i, signalColor(signals[mbase + i], this.c));
    }
    for (const mesh of this.meshes) mesh.instanceMatrix.needsUpdate = true;
    if (this.muscles.instanceColor) this.muscles.instanceColor.needsUpdate = true;
  }

  // A unit cylinder (radius 1, height 1 along Y) placed along a -> b: centred at fraction t,
  // `frac` of the length long, radius `rad`.
  stickMatrix(a, b, t, frac, rad, out) {
    const d = this.d.subVectors(b, a);
    const len = d.length();
    if (len > 1e-12) this.q.setFromUnitVectors(UP, d.divideScalar(len));
    else this.q.identity();
    this.s.set(rad, len * frac, rad);
    const c = this.d.copy(b).sub(a).multiplyScalar(t).add(a);
    return out.compose(c, this.q, this.s);
  }
}
