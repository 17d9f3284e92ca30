// Static surroundings in data coordinates: the Framsticks world (flat ground, blocks, height field,
// water) and the static geoms of an XODE scene; plus the meshes of one XODE geom.
import {
  BoxGeometry, BufferAttribute, BufferGeometry, CapsuleGeometry, ConeGeometry, CylinderGeometry, DoubleSide,
  GridHelper, Group, Mesh, MeshStandardMaterial, PlaneGeometry, Quaternion, SphereGeometry, Vector3,
} from 'three';

const GROUND = 0x9aa58c;
const BLOCK = 0x8f8677;

function material(color, extra = {}) {
  return new MeshStandardMaterial({ color, roughness: 0.85, metalness: 0.0, ...extra });
}

function heightField(size, hf) {
  const nx = hf.nx | 0, ny = hf.ny | 0;
  const h = hf.heights || [];
  if (nx < 2 || ny < 2 || h.length < nx * ny) return null;
  const pos = new Float32Array(nx * ny * 3);
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) {
      const k = j * nx + i;
      pos[3 * k] = (i / (nx - 1)) * size;
      pos[3 * k + 1] = (j / (ny - 1)) * size;
      pos[3 * k + 2] = Number(h[k]) || 0;
    }
  const idx = [];
  for (let j = 0; j + 1 < ny; j++)
    for (let i = 0; i + 1 < nx; i++) {
      // split along (i+1, j)-(i, j+1), as the simulator's terrain surface is (sim/terrain.cpp)
      const a = j * nx + i, b = a + 1, c = a + nx, d = c + 1;
      idx.push(a, b, c, b, d, c);
    }
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(pos, 3));
  g.setIndex(idx);
  g.computeVertexNormals();
  return g;
}

// The Framsticks world of a creature scene (Z up, [0, size] in X and Y, ground at z = 0).
export function buildFramsWorld(world) {
  const group = new Group();
  group.name = 'world';
  const size = Number(world.size) > 0 ? Number(world.size) : 20;
  let low = 0, high = 0;
  let ground = null;
  if (world.type === 2 && world.heightfield) {
    const g = heightField(size, world.heightfield);
    if (g) {
      ground = new Mesh(g, material(GROUND, { side: DoubleSide, flatShading: true }));
      const hs = world.heightfield.heights.map(Number).filter(Number.isFinite);
      if (hs.length) { low = Math.min(...hs); high = Math.max(...hs); }
    }
  }
  if (!ground) {
    ground = new Mesh(new PlaneGeometry(size, size), material(GROUND));
    ground.position.set(size / 2, size / 2, 0);
  }
  ground.name = 'ground';
  group.add(ground);
  if (world.type !== 2) {
    const grid = new GridHelper(size, Math.max(1, Math.min(200, Math.round(size))), 0x6d7762, 0x7f8a72);
    grid.rotation.x = Math.PI / 2;
    grid.position.set(size / 2, size / 2, 0.002);
    group.add(grid);
  }
  if (world.type === 1 && Array.isArray(world.blocks)) {
    const mat = material(BLOCK);
    for (const b of world.blocks) {
      const [x0, y0, x1, y1, hh] = b.map(Number);
      const w = Math.abs(x1 - x0), d = Math.abs(y1 - y0), hgt = Math.abs(hh);
      if (!(w > 0 && d > 0 && hgt > 0)) continue;
      const m = new Mesh(new BoxGeometry(w, d, hgt), mat);
      m.position.set((x0 + x1) / 2, (y0 + y1) / 2, hh / 2);
      m.name = 'block';
      group.add(m);
      high = Math.max(high, hh);
    }
  }
  const water = Number(world.water_level);
  if (Number.isFinite(water) && water > low) {
    const depth = water - Math.min(low, 0);
    const m = new Mesh(new BoxGeometry(size, size, depth),
      material(0x3a7bd5, { transparent: true, opacity: 0.28, depthWrite: false }));
    m.position.set(size / 2, size / 2, water - depth / 2);
    m.name = 'water';
    m.renderOrder = 2;
    group.add(m);
  }
  return { group, size, low, high };
}

// One XODE geom as a mesh (in its own frame; ODE capsules and cylinders lie along local Z).
export function geomMesh(geom, color, extent, center) {
  const p = (geom.params || []).map(Number);
  let g = null;
  switch (geom.shape) {
    case 'box': g = new BoxGeometry(p[0] || 0, p[1] || 0, p[2] || 0); break;
    case 'sphere': g = new SphereGeometry(p[0] || 0, 24, 16); break;
    case 'capsule': g = new CapsuleGeometry(p[0] || 0, p[1] || 0, 8, 16).rotateX(Math.PI / 2); break;
    case 'cylinder': g = new CylinderGeometry(p[0] || 0, p[0] || 0, p[1] || 0, 24).rotateX(Math.PI / 2); break;
    case 'cone': g = new ConeGeometry(p[0] || 0, p[1] || 0, 24).rotateX(Math.PI / 2); break;
    case 'trimesh': {
      const v = geom.vertices || [], t = geom.indices || [];
      if (!v.length || !t.length) return null;
      g = new BufferGeometry();
      g.setAttribute('position', new BufferAttribute(new Float32Array(v), 3));
      g.setIndex(t);
      g.computeVertexNormals();
      break;
    }
    case 'plane': {
      const n = new Vector3(p[0], p[1], p[2]);
      const len = n.length();
      if (!(len > 0)) return null;
      n.divideScalar(len);
      const d = (p[3] || 0) / len;
      const mesh = new Mesh(new PlaneGeometry(extent, extent), material(GROUND, { side: DoubleSide }));
      mesh.quaternion.copy(new Quaternion().setFromUnitVectors(new Vector3(0, 0, 1), n));
      // centred under the scene: the scene centre projected onto the plane
      const c = center ? new Vector3(center[0], center[1], center[2]) : new Vector3();
      mesh.position.copy(c.sub(n.clone().multiplyScalar(n.dot(c) - d)));
      mesh.name = 'plane';
      return mesh;
    }
    default: return null;  // rays are not drawn
  }
  const mesh = new Mesh(g, material(color, geom.shape === 'trimesh' ? { side: DoubleSide } : {}));
  setPose(mesh, geom.position, geom.quaternion);
  mesh.name = geom.shape;
  return mesh;
}

export function setPose(obj, position, quaternion) {
  if (position) obj.position.set(position[0], position[1], position[2]);
  if (quaternion) obj.quaternion.set(quaternion[1], quaternion[2], quaternion[3], quaternion[0]).normalize();
}
