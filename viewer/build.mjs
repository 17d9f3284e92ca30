// Bundles the viewer page (src/main.js + three.js) into one minified script with esbuild, headed by
// the licence notices of what it contains. Run by CMake at build time:
//   node build.mjs --modules <folder holding node_modules> --out <bundle.js>
// (npm ci installs the locked packages into that folder; the sources stay in this one.)
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const arg = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : def;
};
const modulesRoot = path.resolve(arg('--modules', here));
const out = path.resolve(arg('--out', path.join(here, 'dist', 'viewer.js')));
const nodeModules = path.join(modulesRoot, 'node_modules');
const require = createRequire(path.join(modulesRoot, 'package.json'));
const esbuild = require('esbuild');
const threePkg = JSON.parse(fs.readFileSync(path.join(nodeModules, 'three', 'package.json'), 'utf8'));
const threeLicense = fs.readFileSync(path.join(nodeModules, 'three', 'LICENSE'), 'utf8').trim();

const banner = [
  '/*! genokit view: the page script written by genokit (self-contained: it loads nothing).',
  ` * It bundles three.js ${threePkg.version} (npm package "three"), under this licence:`,
  ...threeLicense.split('\n').map((l) => (' * ' + l).trimEnd()),
  ' */',
].join('\n');

const result = await esbuild.build({
  entryPoints: [path.join(here, 'src', 'main.js')],
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['chrome100', 'firefox100', 'safari15'],
  nodePaths: [nodeModules],
  loader: { '.css': 'text' },
  define: { __THREE_LICENSE__: JSON.stringify(threeLicense), __THREE_VERSION__: JSON.stringify(threePkg.version) },
  banner: { js: banner },
  legalComments: 'none',
  write: false,
  logLevel: 'warning',
});
const text = result.outputFiles[0].text;
// The script is inlined in an HTML <script> element: these sequences would end or confuse it.
for (const bad of ['</script', '<!--', '<script']) {
  if (text.toLowerCase().includes(bad)) {
    console.error(`build.mjs: the bundle contains "${bad}"; it cannot be inlined in HTML`);
    process.exit(1);
  }
}
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out + '.tmp', text);
fs.renameSync(out + '.tmp', out);
console.log(`build.mjs: ${path.relative(process.cwd(), out)} (${(text.length / 1024).toFixed(0)} KiB, three.js ${threePkg.version})`);
