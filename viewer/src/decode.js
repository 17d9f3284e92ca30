// Bulk frame data arrive as "blobs": a matrix of float32 values (rows = frames, cols = values per
// frame) in base64. Codec "f32" is the plain little-endian bytes; "f32-xs-deflate" (what genokit
// writes) XORs each row with the previous one (smooth motion leaves the high bytes zero), stores
// the four byte planes one after the other, and deflates the result (zlib stream) — lossless.
export function base64ToBytes(text) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function decodeBlob(blob, what) {
  if (!blob) return null;
  const n = blob.rows * blob.cols;
  const bytes = base64ToBytes(blob.b64);
  if (blob.codec === 'f32') {
    if (bytes.length !== 4 * n) throw new Error(`${what}: ${bytes.length} bytes, expected ${4 * n}`);
    return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + 4 * n));
  }
  if (blob.codec !== 'f32-xs-deflate') throw new Error(`${what}: unknown codec ${blob.codec}`);
  const raw = await inflate(bytes);
  if (raw.length !== 4 * n) throw new Error(`${what}: ${raw.length} bytes, expected ${4 * n}`);
  const out = new Uint8Array(4 * n);
  for (let b = 0; b < 4; b++) {
    const base = b * n;
    for (let i = 0; i < n; i++) out[4 * i + b] = raw[base + i];
  }
  const words = new Uint32Array(out.buffer);
  const c = blob.cols;
  for (let i = c; i < n; i++) words[i] ^= words[i - c];
  return new Float32Array(out.buffer);
}

// Every blob of a scene's frames, decoded in parallel.
export async function decodeFrames(frames) {
  const out = { count: frames.count };
  const names = Object.keys(frames).filter((k) => frames[k] && typeof frames[k] === 'object' && 'b64' in frames[k]);
  const arrays = await Promise.all(names.map((k) => decodeBlob(frames[k], k)));
  names.forEach((k, i) => {
    out[k] = arrays[i];
    out[k + 'Cols'] = frames[k].cols;
  });
  return out;
}
