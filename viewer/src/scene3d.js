// The 3D view: renderer, orbit camera that can follow the creature, lights, and one loaded scene
// (world, static geoms, creature and/or rigid bodies, centre-of-mass track) posed at a frame.
import {
  AmbientLight, BufferAttribute, BufferGeometry, Color, DirectionalLight, Group, HemisphereLight, Line,
  LineBasicMaterial, Matrix4, PerspectiveCamera, Scene, Vector3, WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { PALETTE } from './colors.js';
import { CreatureView } from './creature.js';
import { buildFramsWorld, geomMesh, setPose } from './world.js';

export class View3D {
  constructor(container) {
    this.container = container;
    this.renderer = new WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    container.appendChild(this.renderer.domElement);
    this.scene = new Scene();
    this.scene.background = new Color(0xdfe6ee);
    this.camera = new PerspectiveCamera(40, 1, 0.01, 5000);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = false;
    this.controls.addEventListener('change', () => this.requestRender());
    this.scene.add(new HemisphereLight(0xffffff, 0x5a6270, 1.6));
    this.scene.add(new AmbientLight(0xffffff, 0.25));
    const sun = new DirectionalLight(0xffffff, 1.6);
    sun.position.set(3, 10, 6);
    this.scene.add(sun);
    this.root = null;
    this.follow = true;
    this.pending = false;
    this.onRender = null;
    new ResizeObserver(() => this.resize()).observe(container);
    this.resize();
  }

  resize() {
    const w = Math.max(1, this.container.clientWidth), h = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(w, h, false);
    this.renderer.domElement.style.width = '100%';
    this.renderer.domElement.style.height = '100%';
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  requestRender() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => { this.pending = false; this.render(); });
  }

  render() {
    this.renderer.render(this.scene, this.camera);
    if (this.onRender) this.onRender();
  }

  dispose() {
    if (!this.root) return;
    this.scene.remove(this.root);
    this.root.traverse((o) => {
      if (o.geometry) o.geometry.dispose();
      if (o.material) o.material.dispose();
      if (o.dispose && o.isInstancedMesh) o.dispose();
    });
    this.root = null;
  }

  // Builds the objects of scene `sd` (page data) with its decoded frames `fr`.
  load(sd, fr) {
    this.dispose();
    this.sd = sd;
    this.fr = fr;
    const root = new Group();
    root.name = 'data';
    // Data in Z-up coordinates (Framsticks) are turned so that three.js's Y is up.
    if (sd.up !== 'y') root.rotation.x = -Math.PI / 2;
    this.root = root;
    this.scene.add(root);
    const ext = this.extent(fr);
    this.ext = ext;
    this.world = sd.world ? buildFramsWorld(sd.world) : null;
    if (this.world) root.add(this.world.group);
    this.statics = new Group();
    this.statics.name = 'statics';
    (sd.statics || []).forEach((g) => {
      const m = geomMesh(g, 0x8f8677, Math.max(20, ext.radius * 8), ext.center);
      if (m) this.statics.add(m);
    });
    root.add(this.statics);
    this.creature = sd.creature && sd.creature.parts.length ? new CreatureView(sd.creature) : null;
    if (this.creature) for (const m of this.creature.meshes) root.add(m);
    this.bodies = (sd.bodies || []).map((b, i) => {
      const g = new Group();
      g.name = 'body';
      const color = new Color(b.color ? new Color(...b.color) : PALETTE[i % PALETTE.length]);
      for (const geom of b.geoms || []) {
        const m = geomMesh(geom, color, ext.radius * 4, ext.center);
        if (m) g.add(m);
      }
      root.add(g);
      return g;
    });
    this.track = null;
    if (fr.com && fr.count > 1) {
      const geo = new BufferGeometry();
      geo.setAttribute('position', new BufferAttribute(fr.com, 3));
      this.track = new Line(geo, new LineBasicMaterial({ color: 0xe0651a }));
      this.track.name = 'com-track';
      this.track.frustumCulled = false;
      root.add(this.track);
    }
    root.updateMatrixWorld(true);
    this.frame = -1;
    this.setFrame(0);
    this.frameCamera();
  }

  // Centre and radius of everything at frame 0 (and the world), in data coordinates.
  extent(fr) {
    const pts = [];
    const add = (a, cols) => { if (a) for (let i = 0; i + 2 < cols; i += 3) pts.push([a[i], a[i + 1], a[i + 2]]); };
    add(fr.parts, fr.partsCols || 0);
    if (fr.bodies) for (let i = 0; i + 6 < fr.bodiesCols; i += 7) pts.push([fr.bodies[i], fr.bodies[i + 1], fr.bodies[i + 2]]);
    if (!pts.length && fr.com) pts.push([fr.com[0], fr.com[1], fr.com[2]]);
    if (!pts.length) pts.push([0, 0, 0]);
    const c = [0, 0, 0];
    for (const p of pts) for (let k = 0; k < 3; k++) c[k] += p[k] / pts.length;
    let r = 0;
    for (const p of pts) r = Math.max(r, Math.hypot(p[0] - c[0], p[1] - c[1], p[2] - c[2]));
    return { center: c, radius: Math.max(r, 0.5) };
  }

  // Data point -> three.js world coordinates.
  toWorld(p) { return new Vector3(p[0], p[1], p[2]).applyMatrix4(this.root.matrixWorld); }

  frameCamera() {
    const { center, radius } = this.ext;
    const target = this.toWorld(center);
    const dist = radius * 3.2 + 1.5;
    this.controls.target.copy(target);
    this.camera.position.copy(target).add(new Vector3(0.55, 0.45, 0.7).normalize().multiplyScalar(dist));
    this.camera.near = Math.max(0.001, dist / 1000);
    this.camera.far = dist * 200 + 100;
    this.camera.updateProjectionMatrix();
    this.controls.update();
    this.followPoint = this.comAt(this.frame);
  }

  comAt(f) {
    const c = this.fr.com;
    if (!c || f < 0) return null;
    return this.toWorld([c[3 * f], c[3 * f + 1], c[3 * f + 2]]);
  }

  setFrame(f) {
    const fr = this.fr;
    f = Math.max(0, Math.min(fr.count - 1, f | 0));
    if (this.creature && fr.parts) this.creature.update(fr.parts, f, fr.muscles || null);
    if (fr.bodies) {
      const B = this.bodies.length, base = 7 * B * f;
      for (let i = 0; i < B; i++) {
        const o = base + 7 * i;
        setPose(this.bodies[i], [fr.bodies[o], fr.bodies[o + 1], fr.bodies[o + 2]],
          [fr.bodies[o + 3], fr.bodies[o + 4], fr.bodies[o + 5], fr.bodies[o + 6]]);
      }
    }
    if (this.track) this.track.geometry.setDrawRange(0, f + 1);
    // The camera follows the centre of mass: moved by the same step, so the user's orbit is kept.
    const p = this.comAt(f);
    if (this.follow && p && this.followPoint) {
      const d = p.clone().sub(this.followPoint);
      this.camera.position.add(d);
      this.controls.target.add(d);
      this.controls.update();
    }
    if (p) this.followPoint = p;
    this.frame = f;
    this.requestRender();
  }

  // Every mesh of the scene graph (instanced meshes once) and instance counts, for tests.
  counts() {
    const out = { meshes: 0, instanced: {}, bodies: this.bodies.length, bodyMeshes: 0, statics: this.statics.children.length };
    out.visible = 0;
    this.root.traverse((o) => { if (o.isMesh) out.meshes++; });
    this.root.traverseVisible((o) => { if (o.isMesh) out.visible++; });
    if (this.creature) for (const m of this.creature.meshes) out.instanced[m.name] = m.count;
    for (const b of this.bodies) out.bodyMeshes += b.children.length;
    if (this.world) out.world = this.world.group.children.map((c) => c.name || c.type);
    return out;
  }

  // Positions of parts (from the instance matrices) and bodies as drawn now, in data coordinates.
  drawnParts() {
    if (!this.creature) return [];
    const m = new Matrix4(), out = [];
    for (let i = 0; i < this.creature.P; i++) {
      this.creature.parts.getMatrixAt(i, m);
      out.push([m.elements[12], m.elements[13], m.elements[14]]);
    }
    return out;
  }

  drawnBodies() {
    return this.bodies.map((b) => [b.position.x, b.position.y, b.position.z, b.quaternion.w, b.quaternion.x,
      b.quaternion.y, b.quaternion.z]);
  }

  drawnMuscleColors() {
    if (!this.creature || !this.creature.muscles.instanceColor) return [];
    const c = new Color(), out = [];
    for (let i = 0; i < this.creature.M; i++) { this.creature.muscles.getColorAt(i, c); out.push([c.r, c.g, c.b]); }
    return out;
  }
}
