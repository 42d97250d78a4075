// The 3D cube: raw WebGL, one vertex buffer, one draw call a frame.
//
// The view knows no cube rules of its own. Where the stickers are and how
// every move permutes them comes from assets/cube-data.json, generated from
// the Python model (solvelab.cube.geometry). The state is an array of 54
// sticker ids: stickers[place] is the original sticker now at that place,
// and its colour is the face it started on, Math.floor(id / 9).
//
//   const data = await loadCubeData();
//   const view = new CubeView(canvas, data, { hints: true });
//   await view.turn("R");            // animates, then applies the permutation
//   await view.play("R U R' U'");    // queued, played in order
//   view.turn("R", { catchUp: true }); // a turn by hand: quicker while more wait behind it
//   view.jumpTo(solvedStickers());   // instantly, cancelling the queue
//   view.showPartial(state, "R", 0.5); // R half done, for a scrubber between two steps
//   view.camera = { yaw: -20, pitch: 30, zoom: 1.5 };  // also by drag, wheel and pinch
//   view.setBackView(true);          // the back (B, L, D), small, top right
//   const png = await view.toBlob(); // a picture of the view
//   await view.savePicture("cube.png"); // downloaded

const SUFFIX_TURNS = { "": 1, "2": 2, "'": 3 };
const CATCH_UP_MS = 40; // the quickest a turn gets when turns wait behind it (see turn())
const TOKEN = /^([URFDLB]w|[URFDLBMESxyz])(2|'|)$/;

/** Split a canonical move token ("R", "U2", "Rw'", "x") into {name, turns}; turns is 1, 2 or 3. */
export function parseMoveToken(token) {
  const match = typeof token === "string" ? TOKEN.exec(token) : null;
  if (!match) throw new Error(`not a move: ${JSON.stringify(token)}`);
  return { name: match[1], turns: SUFFIX_TURNS[match[2]] };
}

/**
 * A camera as text for links and attributes, "yaw,pitch,zoom" (e.g. "35,28,1"), and back.
 * cameraFromText returns null for anything else.
 */
export function cameraText({ yaw, pitch, zoom }) {
  return [Math.round(yaw), Math.round(pitch), Math.round(zoom * 100) / 100].join(",");
}

export function cameraFromText(text) {
  const parts = String(text ?? "").split(",");
  if (parts.length !== 3 || parts.some((part) => !/^-?\d+(\.\d+)?$/.test(part.trim()))) return null;
  const [yaw, pitch, zoom] = parts.map(Number);
  return { yaw, pitch, zoom };
}

/** The move that undoes `token`: "R" -> "R'", "U2" -> "U2", "x'" -> "x". */
export function inverseToken(token) {
  const { name, turns } = parseMoveToken(token);
  return name + { 1: "'", 2: "2", 3: "" }[turns];
}

/** The 54 sticker ids of the solved cube: [0, 1, ..., 53]. */
export function solvedStickers() {
  return Array.from({ length: 54 }, (_, i) => i);
}

/** The state after `token`, as a new array: a quarter turn is next[i] = cur[perm[i]]. */
export function applyMove(stickers, token, data) {
  const { name, turns } = parseMoveToken(token);
  const move = data.moves[name];
  if (!move) throw new Error(`the cube data has no move ${name}`);
  let state = Array.from(stickers);
  for (let t = 0; t < turns; t++) state = move.permutation.map((from) => state[from]);
  return state;
}

let dataPromise = null;

/** Fetch assets/cube-data.json once (relative to this module, so any base path works). */
export function loadCubeData() {
  if (!dataPromise) {
    const url = new URL("../assets/cube-data.json", import.meta.url);
    dataPromise = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
      return response.json();
    });
    dataPromise.catch(() => {
      dataPromise = null; // let a later call try again
    });
  }
  return dataPromise;
}

/**
 * The keyboard map the player uses. A letter turns clockwise, Shift + letter
 * counter-clockwise; Alt (Option on a Mac) + a face letter turns the wide move
 * (Alt+r is Rw, Alt+Shift+r is Rw'). Letters: u r f d l b (faces), m e s
 * (slices), x y z (whole-cube rotations).
 */
export const KEY_MAP = Object.freeze({
  u: "U", r: "R", f: "F", d: "D", l: "L", b: "B",
  m: "M", e: "E", s: "S",
  x: "x", y: "y", z: "z",
});

/** The move token for a keydown event according to KEY_MAP, or null. */
export function tokenForKey(event) {
  if (event.ctrlKey || event.metaKey) return null;
  let letter = typeof event.key === "string" ? event.key.toLowerCase() : "";
  // Option+letter on a Mac types a symbol ("®"); the physical key still says which letter.
  if (!/^[a-z]$/.test(letter) && /^Key[A-Z]$/.test(event.code || "")) {
    letter = event.code.slice(3).toLowerCase();
  }
  if (!Object.hasOwn(KEY_MAP, letter)) return null;
  let name = KEY_MAP[letter];
  if (event.altKey) {
    if (!"URFDLB".includes(name)) return null;
    name += "w";
  }
  return event.shiftKey ? name + "'" : name;
}

// ---------------------------------------------------------------------------
// Geometry. Pieces sit at integer positions in {-1, 0, 1}^3 (x to R, y to U,
// z to F); a piece is a unit cube with chamfered edges.

const HALF = 0.5; // half a piece
const BEVEL = 0.075; // chamfer of a piece's edges
const FLAT = HALF - BEVEL; // half the flat part of a piece's face
const LIFT = 0.003; // stickers float this far above their piece's face
const SURFACE = HALF + LIFT;
const BODY = 6; // palette index of the piece bodies
const UNKNOWN = 7; // palette index of "unknown" (grey) stickers
const KIND_BODY = 0;
const KIND_STICKER = 1;
const KIND_HINT = 2;
// Floats per vertex: position 3, normal 3, piece 3, (u, v, kind) 3, hint face 1, copy 1
// (0 the cube, 1 its small copy seen from behind, the back view).
const FLOATS = 14;
// What the camera fits in the canvas: a radius about the cube's centre, in the
// cube's units; with hints, the box around the cube and its hints.
const CUBE_RADIUS = 2.8;
const HINT_MARGIN = 0.3;
// The back view: the cube seen from the opposite side, this size (a fraction of
// the main cube's unzoomed size), fitted into the top-right corner. To make room
// for it (without hints) the cube shrinks by BACK_ROOM and moves down and left
// by as much of the canvas.
const BACK_SCALE = 0.3;
const BACK_ROOM = 0.15;

// The hints: a copy of each face turned away from the camera floats beside the
// cube, on the side where the face's centre lies on the screen, HINT_DISTANCE
// from the cube's centre and HINT_DEPTH behind it. A face's copy fades in as
// the face turns away, while minus (its normal . the direction to the eye) goes
// across HINT_FADE. Hint vertices name their face by its index in FACE_NORMALS.
const HINT_DISTANCE = 3.75;
const HINT_DEPTH = 1.2;
const HINT_FADE = [0.08, 0.3];
const FACE_NORMALS = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
];

const DEFAULT_YAW = 35; // degrees; the camera looks at F, U and R
const DEFAULT_PITCH = 28;
const CAMERA_DISTANCE = 14;
const ORBIT_DEGREES_PER_PX = 0.45;
const ORBIT_EASE_MS = 70; // time constant of the orbit's ease-out
const MIN_ZOOM = 0.5;
const MAX_ZOOM = 2; // the cube twice the canvas: closer, a few stickers fill it
const WHEEL_ZOOM = 0.002; // zoom factor exp(-this * deltaY in px)
const CAMERA_REPORT_MS = 150; // onCameraChange is called at most this often
const FLING_MS = 140; // how far a released drag glides on
const DRAG_PX = 8; // a pointer that moves less than this is a click
// Dynamic resolution: when frames come on average further apart than this
// (under 50 a second) over this many frames while the cube moves, the canvas
// is drawn with fewer pixels until it rests (see _adaptScale).
const SLOW_FRAME_MS = 20;
const SLOW_FRAMES = 6;
const SCALE_STEP = 0.8;
const FAST_BURSTS = 3; // movements without slow frames before the scale is raised again
const MIN_SCALE = 0.5;

const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const axisVector = (k, s = 1) => [k === 0 ? s : 0, k === 1 ? s : 0, k === 2 ? s : 0];
const axisOf = (normal) => normal.findIndex((c) => c !== 0);
const faceIndex = (normal) => FACE_NORMALS.findIndex((n) => dot(n, normal) === 1);

/** Point p + a*u + b*v + c*w, for short. */
function along(p, a, u, b = 0, v = u, c = 0, w = u) {
  return [0, 1, 2].map((k) => p[k] + a * u[k] + b * v[k] + c * w[k]);
}

class MeshBuilder {
  constructor() {
    this.floats = [];
    this.indices = [];
    this.count = 0;
    this.copy = 0; // which copy of the cube the vertices belong to
  }

  vertex(position, normal, piece, u, v, kind, face = 0) {
    this.floats.push(...position, ...normal, ...piece, u, v, kind, face, this.copy);
    return this.count++;
  }

  quad(a, b, c, d) {
    this.indices.push(a, b, c, a, c, d);
  }
}

function addPieceBody(mesh, piece) {
  const body = (position, normal) => mesh.vertex(position, normal, piece, 0, 0, KIND_BODY);
  for (let k = 0; k < 3; k++) {
    const u = axisVector((k + 1) % 3);
    const v = axisVector((k + 2) % 3);
    for (const s of [-1, 1]) {
      const n = axisVector(k, s);
      const c = along(piece, HALF, n, 0, u);
      const corner = (a, b) => body(along(c, a * FLAT, u, b * FLAT, v), n);
      mesh.quad(corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1));
    }
  }
  // Bevels along the 12 edges.
  for (let k1 = 0; k1 < 3; k1++) {
    for (let k2 = k1 + 1; k2 < 3; k2++) {
      const e = axisVector(3 - k1 - k2);
      for (const s1 of [-1, 1]) {
        for (const s2 of [-1, 1]) {
          const n1 = axisVector(k1, s1);
          const n2 = axisVector(k2, s2);
          const normal = along([0, 0, 0], Math.SQRT1_2, n1, Math.SQRT1_2, n2);
          const a = (t) => body(along(piece, HALF, n1, FLAT, n2, t * FLAT, e), normal);
          const b = (t) => body(along(piece, FLAT, n1, HALF, n2, t * FLAT, e), normal);
          mesh.quad(a(-1), a(1), b(1), b(-1));
        }
      }
    }
  }
  // Triangles at the 8 corners.
  for (const sx of [-1, 1]) {
    for (const sy of [-1, 1]) {
      for (const sz of [-1, 1]) {
        const s = [sx, sy, sz];
        const normal = s.map((c) => c / Math.sqrt(3));
        const tip = (k) => body(piece.map((p, i) => p + s[i] * (i === k ? HALF : FLAT)), normal);
        const [a, b, c] = [tip(0), tip(1), tip(2)];
        mesh.indices.push(a, b, c);
      }
    }
  }
}

function addStickerQuad(mesh, piece, normal, kind, face = 0) {
  const k = axisOf(normal);
  const u = axisVector((k + 1) % 3);
  const v = axisVector((k + 2) % 3);
  const c = along(piece, SURFACE, normal, 0, u);
  const corner = (a, b) =>
    mesh.vertex(along(c, a * FLAT, u, b * FLAT, v), normal, piece, a, b, kind, face);
  const first = corner(-1, -1);
  mesh.quad(first, corner(1, -1), corner(1, 1), corner(-1, 1));
  return first;
}

/** The pieces and their stickers; returns where each sticker's first vertex is. */
function addCube(mesh, data) {
  for (let x = -1; x <= 1; x++) {
    for (let y = -1; y <= 1; y++) {
      for (let z = -1; z <= 1; z++) addPieceBody(mesh, [x, y, z]); // the core too: seen mid-turn
    }
  }
  return data.stickers.map(({ position, normal }) =>
    addStickerQuad(mesh, position, normal, KIND_STICKER),
  );
}

/**
 * The vertex and index arrays, and where each sticker's vertices are: the cube,
 * its hints, then the back view's copy of the cube (opaque, nearer than
 * everything, so it may come after the blended hints; left out of the draw,
 * by drawing only the first `frontIndices`, when the back view is off).
 */
function buildMesh(data) {
  const mesh = new MeshBuilder();
  const stickerVertex = addCube(mesh, data);
  // Hints last: they are drawn with alpha blending over what is already there.
  const hintVertex = data.stickers.map(({ position, normal }) =>
    addStickerQuad(mesh, position, normal, KIND_HINT, faceIndex(normal)),
  );
  const frontIndices = mesh.indices.length;
  mesh.copy = 1;
  const backVertex = addCube(mesh, data);
  return {
    vertices: new Float32Array(mesh.floats),
    indices: new Uint16Array(mesh.indices),
    vertexCount: mesh.count,
    frontIndices,
    stickerVertex,
    backVertex,
    hintVertex,
  };
}

const meshes = new WeakMap();

/**
 * buildMesh's arrays, made once for each cube data and shared by every view of
 * it (read only): a page of five demos made them five times, about a quarter
 * of a second of the main thread with the CPU slowed 4× as a phone's.
 */
function meshOf(data) {
  if (!meshes.has(data)) meshes.set(data, buildMesh(data));
  return meshes.get(data);
}

// ---------------------------------------------------------------------------
// Shaders. Written in GLSL ES 1.00 and prefixed so that WebGL2 compiles them
// as GLSL ES 3.00.

const VERTEX_SHADER = `
attribute vec3 aPosition;
attribute vec3 aNormal;
attribute vec3 aPiece;
attribute vec3 aUvKind;
attribute float aFace;     // a hint's face: an index into FACE_NORMALS
attribute float aCopy;
attribute float aColour;
uniform mat4 uView;
uniform mat4 uProjection;
uniform mat3 uNormalMatrix;
uniform mat4 uBackView;   // the same three for the back view's copy
uniform mat4 uBackProjection;
uniform mat3 uBackNormalMatrix;
uniform mat3 uTurn;       // rotation of the turning layers
uniform vec3 uAxis;
uniform vec3 uLayers;     // 1.0 where the layer at -1, 0, 1 along uAxis turns
uniform float uHints;     // 1.0 shows the hint stickers, 0.0 collapses them
uniform float uHintScale; // hints that cannot turn in their plane shrink mid-turn
uniform float uHintShown[6]; // by face, as in FACE_NORMALS: 1.0 shows its copy
uniform vec3 uHintOffset[6]; // and where the copy floats, from the face
uniform vec3 uPalette[8];
varying vec3 vColour;
varying vec3 vNormal;
varying vec3 vViewPosition;
varying vec3 vUvKind;

void main() {
  float layer = dot(aPiece, uAxis);
  float turning = layer < -0.5 ? uLayers.x : (layer > 0.5 ? uLayers.z : uLayers.y);
  vec3 position = aPosition;
  vec3 normal = aNormal;
  bool hint = aUvKind.z > 1.5;
  int face = int(aFace + 0.5);
  if (hint) {
    vec3 centre = aPiece + aNormal * ${SURFACE.toFixed(4)};
    float scale = uHints * uHintShown[face];
    if (turning > 0.5 && abs(dot(aNormal, uAxis)) < 0.5) {
      scale *= uHintScale;
      turning = 0.0;
    }
    position = centre + (position - centre) * scale;
  }
  if (turning > 0.5) {
    position = uTurn * position;
    normal = uTurn * normal;
  }
  if (hint) position += uHintOffset[face];
  bool back = aCopy > 0.5;
  vec4 viewPosition = (back ? uBackView : uView) * vec4(position, 1.0);
  vViewPosition = viewPosition.xyz;
  vNormal = (back ? uBackNormalMatrix : uNormalMatrix) * normal;
  vColour = uPalette[int(aColour + 0.5)];
  vUvKind = aUvKind;
  gl_Position = (back ? uBackProjection : uProjection) * viewPosition;
}
`;

const FRAGMENT_SHADER = `
precision highp float;
uniform vec3 uBody;
varying vec3 vColour;
varying vec3 vNormal;
varying vec3 vViewPosition;
varying vec3 vUvKind;

const vec3 KEY = vec3(-0.2, 0.6, 0.775);   // light from the upper left front, in view space
const vec3 FILL = vec3(0.8, -0.1, 0.59);    // and a weaker one from the right

vec3 shade(vec3 base, vec3 n, vec3 toEye, float shininess, float gloss) {
  float diffuse = 0.5 + 0.5 * max(dot(n, KEY), 0.0) + 0.2 * max(dot(n, FILL), 0.0);
  float specular = pow(max(dot(n, normalize(KEY + toEye)), 0.0), shininess);
  return base * diffuse + gloss * specular;
}

// Signed distance to the sticker's rounded square, in (u, v) in [-1, 1].
float stickerDistance(vec2 uv) {
  vec2 q = abs(uv) - vec2(0.93 - 0.3);
  return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - 0.3;
}

void main() {
  vec3 toEye = normalize(-vViewPosition);
  vec3 n = normalize(vNormal);
  if (dot(n, toEye) < 0.0) n = -n; // two-sided: hints are seen from behind
  vec3 body = shade(uBody, n, toEye, 18.0, 0.22);
  if (vUvKind.z < 0.5) {
    gl_FragColor = vec4(body, 1.0);
    return;
  }
  float d = stickerDistance(vUvKind.xy);
#ifdef DERIVATIVES
  float aa = max(fwidth(d), 1e-4);
#else
  float aa = 0.03;
#endif
  float cover = clamp(0.5 - d / aa, 0.0, 1.0);
  vec3 sticker = shade(vColour, n, toEye, 48.0, 0.28);
  if (vUvKind.z < 1.5) {
    gl_FragColor = vec4(mix(body, sticker, cover), 1.0);
  } else {
    if (cover <= 0.0) discard;
    gl_FragColor = vec4(sticker * cover, cover); // premultiplied alpha
  }
}
`;

function shaderSources(gl) {
  if (typeof WebGL2RenderingContext !== "undefined" && gl instanceof WebGL2RenderingContext) {
    return [
      "#version 300 es\n#define attribute in\n#define varying out\n" + VERTEX_SHADER,
      "#version 300 es\n#define DERIVATIVES\n#define varying in\nout highp vec4 fragColour;\n" +
        "#define gl_FragColor fragColour\n" + FRAGMENT_SHADER,
    ];
  }
  const derivatives = gl.getExtension("OES_standard_derivatives")
    ? "#extension GL_OES_standard_derivatives : enable\n#define DERIVATIVES\n"
    : "";
  return [VERTEX_SHADER, derivatives + FRAGMENT_SHADER];
}

function compile(gl, type, source) {
  const shader = gl.createShader(type);
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS) && !gl.isContextLost()) {
    throw new Error(`cube-view: shader does not compile: ${gl.getShaderInfoLog(shader)}`);
  }
  return shader;
}

function linkProgram(gl) {
  const [vertexSource, fragmentSource] = shaderSources(gl);
  const program = gl.createProgram();
  gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, vertexSource));
  gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, fragmentSource));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS) && !gl.isContextLost()) {
    throw new Error(`cube-view: shaders do not link: ${gl.getProgramInfoLog(program)}`);
  }
  return program;
}

// ---------------------------------------------------------------------------
// Small matrix helpers; column-major like WebGL, all writing into `out`.

function multiply4(out, a, b) {
  for (let col = 0; col < 4; col++) {
    const b0 = b[col * 4];
    const b1 = b[col * 4 + 1];
    const b2 = b[col * 4 + 2];
    const b3 = b[col * 4 + 3];
    for (let row = 0; row < 4; row++) {
      out[col * 4 + row] = a[row] * b0 + a[4 + row] * b1 + a[8 + row] * b2 + a[12 + row] * b3;
    }
  }
  return out;
}

function invert4(out, m) {
  const [a00, a01, a02, a03, a10, a11, a12, a13, a20, a21, a22, a23, a30, a31, a32, a33] = m;
  const b00 = a00 * a11 - a01 * a10;
  const b01 = a00 * a12 - a02 * a10;
  const b02 = a00 * a13 - a03 * a10;
  const b03 = a01 * a12 - a02 * a11;
  const b04 = a01 * a13 - a03 * a11;
  const b05 = a02 * a13 - a03 * a12;
  const b06 = a20 * a31 - a21 * a30;
  const b07 = a20 * a32 - a22 * a30;
  const b08 = a20 * a33 - a23 * a30;
  const b09 = a21 * a32 - a22 * a31;
  const b10 = a21 * a33 - a23 * a31;
  const b11 = a22 * a33 - a23 * a32;
  const det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;
  const r = 1 / det;
  out[0] = (a11 * b11 - a12 * b10 + a13 * b09) * r;
  out[1] = (a02 * b10 - a01 * b11 - a03 * b09) * r;
  out[2] = (a31 * b05 - a32 * b04 + a33 * b03) * r;
  out[3] = (a22 * b04 - a21 * b05 - a23 * b03) * r;
  out[4] = (a12 * b08 - a10 * b11 - a13 * b07) * r;
  out[5] = (a00 * b11 - a02 * b08 + a03 * b07) * r;
  out[6] = (a32 * b02 - a30 * b05 - a33 * b01) * r;
  out[7] = (a20 * b05 - a22 * b02 + a23 * b01) * r;
  out[8] = (a10 * b10 - a11 * b08 + a13 * b06) * r;
  out[9] = (a01 * b08 - a00 * b10 - a03 * b06) * r;
  out[10] = (a30 * b04 - a31 * b02 + a33 * b00) * r;
  out[11] = (a21 * b02 - a20 * b04 - a23 * b00) * r;
  out[12] = (a11 * b07 - a10 * b09 - a12 * b06) * r;
  out[13] = (a00 * b09 - a01 * b07 + a02 * b06) * r;
  out[14] = (a31 * b01 - a30 * b03 - a32 * b00) * r;
  out[15] = (a20 * b03 - a21 * b01 + a22 * b00) * r;
  return out;
}

/**
 * The camera's rotation (r, a mat3, also the normal matrix) and view matrix (v)
 * for yaw and pitch in degrees: yaw about y, then pitch about x, then the
 * camera steps back CAMERA_DISTANCE.
 */
function cameraMatrices(r, v, yawDegrees, pitchDegrees) {
  const yaw = radians(yawDegrees);
  const pitch = radians(pitchDegrees);
  const cy = Math.cos(yaw);
  const sy = Math.sin(yaw);
  const cp = Math.cos(pitch);
  const sp = Math.sin(pitch);
  // Each line below is one row.
  r[0] = cy; r[3] = 0; r[6] = -sy;
  r[1] = -sp * sy; r[4] = cp; r[7] = -sp * cy;
  r[2] = cp * sy; r[5] = sp; r[8] = cp * cy;
  for (let col = 0; col < 3; col++) {
    for (let row = 0; row < 3; row++) v[col * 4 + row] = r[col * 3 + row];
    v[col * 4 + 3] = 0;
  }
  v[12] = 0; v[13] = 0; v[14] = -CAMERA_DISTANCE; v[15] = 1;
}

/** The rows of a camera's rotation r: the screen's right and up, and the direction
 * to the eye, in the cube's coordinates. */
const cameraAxes = (r) => [
  [r[0], r[3], r[6]],
  [r[1], r[4], r[7]],
  [r[2], r[5], r[8]],
];

/**
 * Lay out the hints for a camera whose rotation is r: for each face, how much
 * its copy shows (0 to 1) and where it floats, as an offset from the face.
 */
function layHints(offsets, shown, r) {
  const [right, up, eye] = cameraAxes(r);
  const [low, high] = HINT_FADE;
  FACE_NORMALS.forEach((normal, face) => {
    shown[face] = smootherStep(clamp((-dot(normal, eye) - low) / (high - low), 0, 1));
    // The face's centre on the screen; a face turned straight away (centre
    // hidden behind the cube's) leans its copy to the upper right.
    let x = dot(normal, right);
    let y = dot(normal, up);
    const lean = 0.2 * (1 - Math.hypot(x, y)) ** 2;
    x += lean;
    y += lean;
    const length = Math.hypot(x, y);
    for (let k = 0; k < 3; k++) {
      const place = (HINT_DISTANCE * (x * right[k] + y * up[k])) / length - HINT_DEPTH * eye[k];
      offsets[3 * face + k] = place - (1 + SURFACE) * normal[k];
    }
  });
}

/**
 * The box [x0, x1, y0, y1] on the screen (in the cube's units, at the depth of
 * its centre) around the cube and its hints, each hint as far as it shows.
 */
function hintBox(offsets, shown, r, hints) {
  const [right, up, eye] = cameraAxes(r);
  const box = [-CUBE_RADIUS, CUBE_RADIUS, -CUBE_RADIUS, CUBE_RADIUS];
  FACE_NORMALS.forEach((normal, face) => {
    const weight = hints * shown[face];
    if (weight === 0) return;
    const k = axisOf(normal);
    const u = axisVector((k + 1) % 3);
    const v = axisVector((k + 2) % 3);
    const centre = normal.map((c, i) => (1 + SURFACE) * c + offsets[3 * face + i]);
    for (const [a, b] of [[-1, -1], [-1, 1], [1, -1], [1, 1]]) {
      const corner = along(centre, 3 * HALF * a, u, 3 * HALF * b, v);
      const perspective = (weight * CAMERA_DISTANCE) / (CAMERA_DISTANCE - dot(corner, eye));
      const x = dot(corner, right) * perspective;
      const y = dot(corner, up) * perspective;
      const margin = HINT_MARGIN * weight;
      box[0] = Math.min(box[0], x - margin);
      box[1] = Math.max(box[1], x + margin);
      box[2] = Math.min(box[2], y - margin);
      box[3] = Math.max(box[3], y + margin);
    }
  });
  return box;
}

/** A perspective projection into p: `scale` on the smaller side of a canvas of this aspect. */
function perspective(p, aspect, scale) {
  const near = CAMERA_DISTANCE - 8;
  const far = CAMERA_DISTANCE + 8;
  p.fill(0);
  p[0] = aspect >= 1 ? scale / aspect : scale;
  p[5] = aspect >= 1 ? scale : scale * aspect;
  p[10] = (far + near) / (near - far);
  p[11] = -1;
  p[14] = (2 * far * near) / (near - far);
  return p;
}

/** out = (x, y, z, 1) transformed by m, divided by w. */
function transformPoint(out, m, x, y, z) {
  const w = m[3] * x + m[7] * y + m[11] * z + m[15];
  out[0] = (m[0] * x + m[4] * y + m[8] * z + m[12]) / w;
  out[1] = (m[1] * x + m[5] * y + m[9] * z + m[13]) / w;
  out[2] = (m[2] * x + m[6] * y + m[10] * z + m[14]) / w;
  return out;
}

/** Rotation by `angle` (radians, right-handed) about the unit `axis`, as a mat3. */
function rotation3(out, axis, angle) {
  const [x, y, z] = axis;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const t = 1 - c;
  out[0] = c + t * x * x;
  out[1] = t * x * y + s * z;
  out[2] = t * x * z - s * y;
  out[3] = t * x * y - s * z;
  out[4] = c + t * y * y;
  out[5] = t * y * z + s * x;
  out[6] = t * x * z + s * y;
  out[7] = t * y * z - s * x;
  out[8] = c + t * z * z;
  return out;
}

const clamp = (x, low, high) => Math.max(low, Math.min(high, x));
const smootherStep = (t) => t * t * t * (t * (t * 6 - 15) + 10);
const radians = (degrees) => (degrees * Math.PI) / 180;

function parseColour(text) {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(String(text).trim());
  if (!hex) throw new Error(`not a colour: ${JSON.stringify(text)} (use #rgb or #rrggbb)`);
  let digits = hex[1];
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join("");
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255);
}

// ---------------------------------------------------------------------------

/**
 * A Rubik's cube drawn with WebGL in `canvas`.
 *
 * options:
 *   hints           show the faces turned away from the camera as floating copies (default false)
 *   backView        show the cube seen from behind, small, in the top-right corner (default false)
 *   controls        an element (buttons) over the top of the canvas; hints keep below it
 *   camera          the starting camera, as for the `camera` setter
 *   onCameraChange(camera)  called, at most every 150 ms, after the user orbits or zooms
 *                   (drag, wheel, pinch) or resetCamera() is called; not for the `camera` setter
 *   speed           milliseconds per quarter turn (default 180; a half turn takes 1.5 times that;
 *                   0 turns instantly)
 *   dragToTurn      a drag that starts on a sticker turns its layer (default true); if false,
 *                   every drag orbits
 *   onMove(token)   called when a drag asks for a move; default: this.turn(token)
 *   onStickerClick(place)  called when a sticker is clicked (a drag of less than 8 px)
 *   colours         a colour scheme, as for setColours()
 *   pageScroll      the page scrolls past the cube, as on a reading page (default false): the
 *                   wheel zooms only with Ctrl (a touchpad's pinch) or in fullscreen, and a
 *                   swipe that starts upright scrolls (touch-action: pan-y, from the page's CSS)
 */
let software = null;

/** Whether WebGL is drawn by the CPU here (asked once, of a throwaway context). */
function softwareWebGL() {
  if (software === null) {
    const gl = document.createElement("canvas").getContext("webgl");
    const info = gl?.getExtension("WEBGL_debug_renderer_info");
    const renderer = gl ? String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)) : "";
    software = /swiftshader|llvmpipe|software/i.test(renderer);
    gl?.getExtension("WEBGL_lose_context")?.loseContext();
  }
  return software;
}

export class CubeView {
  constructor(canvas, data, options = {}) {
    if (!data || !Array.isArray(data.stickers) || data.stickers.length !== 54) {
      throw new Error("CubeView needs the cube data (assets/cube-data.json)");
    }
    this.canvas = canvas;
    this.data = data;
    this.onMove = options.onMove ?? ((token) => this.turn(token));
    this.onStickerClick = options.onStickerClick ?? null;
    this.dragToTurn = options.dragToTurn ?? true;
    this.onCameraChange = options.onCameraChange ?? null;
    this._pageScroll = Boolean(options.pageScroll);
    this._controls = options.controls ?? null;
    this._controlsCover = 0; // measured with the canvas's size
    // firstShownMs: when the frame after the first one began, i.e. the first is on screen.
    this.stats = { frames: 0, jsMs: 0, firstShownMs: null };
    this._speed = 180;
    if (options.speed !== undefined) this.speed = options.speed;

    this._mesh = meshOf(data);
    this._state = Uint8Array.from(solvedStickers());
    this._next = new Uint8Array(54); // the state after the turn being animated
    this._scratch = new Uint8Array(54);
    this._colours = new Uint8Array(54); // palette index shown at each place
    this._nextColours = new Uint8Array(54);
    this._mask = null; // 1 for each sticker id shown in colour, or null for all
    this._colourBytes = new Uint8Array(this._mesh.vertexCount).fill(BODY);
    this._palette = new Float32Array(24);
    this._bodyColour = this._palette.subarray(BODY * 3, BODY * 3 + 3);
    this._setPalette(data.faces, data.colours);
    this._setPaletteEntry(BODY, "#141416");
    this._setPaletteEntry(UNKNOWN, "#8a8d91");
    if (options.colours) this.setColours(options.colours);

    // Turn animation: the queue of requested turns, and the one playing now.
    this._queue = [];
    this._turn = { active: false, entry: null, start: 0, duration: 0, angle: 0, swapped: false };
    this._turnMatrix = new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    this._turnAxis = new Float32Array(3);
    this._turnLayers = new Float32Array(3);
    this._hintScale = 1;

    // Camera: yaw and pitch (degrees) and zoom ease towards their targets.
    this._yaw = this._yawTarget = DEFAULT_YAW;
    this._pitch = this._pitchTarget = DEFAULT_PITCH;
    this._zoom = this._zoomTarget = 1;
    this._cameraTimer = 0;
    this._backView = Boolean(options.backView);
    this._back = {
      view: new Float32Array(16),
      projection: new Float32Array(16),
      normalMatrix: new Float32Array(9),
      corner: [1, 1], // its box's lower-left corner, in device coordinates
    };
    this._hints = Boolean(options.hints);
    this._hintsShown = this._hints ? 1 : 0; // eases to 0 or 1: hint size, zoom and shift
    this._backShown = this._backView ? 1 : 0; // the same for the room made for the back view
    this._lastFrame = 0;
    this._view = new Float32Array(16);
    this._projection = new Float32Array(16);
    this._normalMatrix = new Float32Array(9);
    this._hintOffsets = new Float32Array(18); // by face, as in FACE_NORMALS (see layHints)
    this._hintShown = new Float32Array(6);
    this._viewProjection = new Float32Array(16);
    this._inverse = new Float32Array(16);
    this._point = new Float32Array(3);
    this._pixelWidth = 0;
    this._pixelHeight = 0;
    this._deviceWidth = 0;
    this._deviceHeight = 0;
    this._scale = 1; // drawing-buffer pixels per device pixel, now
    this._movingScale = 1; // the same while the cube moves, learnt from the frame rate
    this._frames = 0; // frames since the scale last changed, while moving
    this._frameMs = 0; // their average interval
    this._burstVerdict = 0; // this movement's frames so far: 1 fast, -1 slow, 0 not judged yet
    this._fastBursts = 0; // movements judged fast since the scale last changed

    this._points = new Map(); // pointer id -> [x, y] of every pointer down on the canvas
    this._pinch = null;

    this._raf = 0;
    this._onFrame = this._frame.bind(this);
    if (options.camera) this.camera = options.camera;
    this._initGL();
    this._writeColours(this._state);
    this._listen();
    this._resize(canvas.clientWidth * devicePixelRatio, canvas.clientHeight * devicePixelRatio);
  }

  // --- state ---------------------------------------------------------------

  /** The current sticker ids (a copy); during a turn, the state before it. */
  get stickers() {
    return Array.from(this._state);
  }

  /** Show `stickers` (54 sticker ids) now, dropping queued and playing turns. */
  jumpTo(stickers) {
    const state = CubeView._checkStickers(stickers);
    this._cancel();
    this._state.set(state);
    this._writeColours(this._state);
    this._requestFrame();
  }

  /** Set the state (54 sticker ids) without cancelling anything: queued turns carry on from it. */
  setStickers(stickers) {
    this._state.set(CubeView._checkStickers(stickers));
    this._writeColours(this._state);
    if (this._turn.active) this._computeNext();
    this._requestFrame();
  }

  /**
   * Show raw palette indices at the 54 places (0..5 the faces' colours, 7 unknown grey), for
   * the sticker editor. The sticker ids (`stickers`) stay as they are; turns move both.
   */
  setStickerColours(colours) {
    if (!colours || colours.length !== 54 || Array.from(colours).some((c) => !(c >= 0 && c <= 7))) {
      throw new Error("setStickerColours needs 54 colour indices 0..7");
    }
    this._colours.set(colours);
    this._uploadColours(this._colours, this._colours);
    if (this._turn.active) this._computeNext();
    this._requestFrame();
  }

  /**
   * Grey every sticker but those in `shown` (sticker ids, as numbered on the solved cube;
   * null shows them all). The mask follows the stickers through every turn.
   */
  setMask(shown) {
    this._mask = shown ? new Uint8Array(54) : null;
    for (const id of shown ?? []) this._mask[id] = 1;
    this._writeColours(this._state);
    if (this._turn.active) this._computeNext();
    this._requestFrame();
  }

  /** Change colours: keys are face letters, "body" or "unknown"; values "#rgb" or "#rrggbb". */
  setColours(map) {
    const special = { body: BODY, unknown: UNKNOWN };
    for (const [key, value] of Object.entries(map)) {
      const index = Object.hasOwn(special, key) ? special[key] : this.data.faces.indexOf(key);
      if (index < 0) throw new Error(`setColours: unknown key ${JSON.stringify(key)}`);
      this._setPaletteEntry(index, value);
    }
    this._requestFrame();
  }

  /** Show or hide the floating stickers of the hidden faces. */
  setHints(on) {
    this._hints = Boolean(on);
    this._requestFrame();
  }

  get hints() {
    return this._hints;
  }

  /** Show or hide the back view: the cube seen from behind (B, L, D), small, top right. */
  setBackView(on) {
    this._backView = Boolean(on);
    this._requestFrame();
  }

  get backView() {
    return this._backView;
  }

  /**
   * The camera: {yaw, pitch, zoom}. yaw is degrees about the vertical axis in
   * [-180, 180) (0 looks straight at F, 35 the default, with R in view), pitch degrees
   * above the cube in [-85, 85] (28 the default), zoom a factor in [0.5, 2] (1 fits the
   * cube in the canvas). Reading gives where the camera is going, if it is still
   * easing there. Setting jumps there at once (missing keys keep their values; out of
   * range values are clamped) and does not call onCameraChange.
   */
  get camera() {
    const yaw = (((this._yawTarget % 360) + 540) % 360) - 180;
    return { yaw, pitch: this._pitchTarget, zoom: this._zoomTarget };
  }

  set camera({ yaw = this._yawTarget, pitch = this._pitchTarget, zoom = this._zoomTarget } = {}) {
    for (const [name, value] of Object.entries({ yaw, pitch, zoom })) {
      if (!Number.isFinite(value)) throw new Error(`camera ${name} must be a number, not ${value}`);
    }
    this._yaw = this._yawTarget = (((yaw % 360) + 540) % 360) - 180;
    this._pitch = this._pitchTarget = clamp(pitch, -85, 85);
    this._zoom = this._zoomTarget = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
    this._requestFrame();
  }

  /** Ease the camera back to the default view (looking at U, F and R, zoom 1). */
  resetCamera() {
    const turns = Math.round((this._yawTarget - DEFAULT_YAW) / 360);
    this._yawTarget = DEFAULT_YAW + 360 * turns;
    this._pitchTarget = DEFAULT_PITCH;
    this._zoomTarget = 1;
    this._cameraChanged();
    this._requestFrame();
  }

  get speed() {
    return this._speed;
  }

  set speed(ms) {
    if (!(ms >= 0)) throw new Error(`speed must be a number of milliseconds >= 0, not ${ms}`);
    this._speed = Number(ms);
  }

  /** True when nothing moves: no turn playing or queued, the camera at rest. */
  get idle() {
    return !this._turn.active && this._queue.length === 0 && !this._raf;
  }

  // --- turns ---------------------------------------------------------------

  /**
   * Animate one move (a canonical token: "R", "U2", "Rw'", "M", "x"). Turns
   * asked for during an animation wait their turn. Resolves to true when the
   * turn has been played, false if jumpTo() cancelled it. With catchUp (turns
   * made by hand), the turn plays faster the more turns wait behind it when it
   * starts, so that the cube keeps up with quick keys rather than trailing
   * seconds behind them.
   */
  turn(token, { catchUp = false } = {}) {
    let move;
    try {
      move = this._move(token);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve) => {
      this._queue.push({ move: move.move, turns: move.turns, catchUp, resolve });
      this._requestFrame();
    });
  }

  /** Play moves in order (an array of tokens or a space-separated string); resolves like turn(). */
  play(tokens) {
    const list =
      typeof tokens === "string" ? tokens.split(/\s+/).filter(Boolean) : Array.from(tokens);
    try {
      list.forEach((token) => this._move(token));
    } catch (error) {
      return Promise.reject(error);
    }
    return Promise.all(list.map((token) => this.turn(token))).then((done) => done.every(Boolean));
  }

  _move(token) {
    const { name, turns } = parseMoveToken(token);
    const move = this.data.moves[name];
    if (!move) throw new Error(`the cube data has no move ${name}`);
    return { move, turns };
  }

  _cancel() {
    const cancelled = this._queue.splice(0);
    if (this._turn.active) cancelled.unshift(this._turn.entry);
    this._endTurn();
    for (const entry of cancelled) entry.resolve(false);
  }

  _startTurn(now) {
    const entry = this._queue.shift();
    const turn = this._turn;
    const { move, turns } = entry;
    turn.active = true;
    turn.entry = entry;
    turn.start = now;
    turn.duration = this._speed * (turns === 2 ? 1.5 : 1);
    const waiting = entry.catchUp ? this._queue.length : 0;
    if (waiting) turn.duration = Math.min(turn.duration, Math.max(CATCH_UP_MS, turn.duration / (1 + waiting)));
    turn.angle = this._setTurningLayers(move, turns);
    turn.swapped = false;
    this._computeNext();
  }

  /** Set the axis and layers that turn; returns the whole move's angle (radians). */
  _setTurningLayers(move, turns) {
    this._turnAxis.set(move.axis);
    this._turnLayers.fill(0);
    for (let i = 0; i < move.layers.length; i++) this._turnLayers[move.layers[i] + 1] = 1;
    // Clockwise seen from +axis is a negative angle; a prime turn goes back a quarter.
    return (turns === 3 ? 1 : -turns) * (Math.PI / 2);
  }

  /**
   * Show `stickers` (54 sticker ids) with the layers of move `token` turned by
   * `fraction` (0..1, linear) of the move's angle, for a scrubber dragged between
   * two steps. Cancels queued and playing turns like jumpTo(). `stickers` (the
   * getter) stays the state before the move; a later turn() starts from it.
   */
  showPartial(stickers, token, fraction) {
    const { move, turns } = this._move(token);
    const state = CubeView._checkStickers(stickers);
    if (!Number.isFinite(fraction)) throw new Error(`showPartial: fraction ${fraction}`);
    const f = clamp(fraction, 0, 1);
    this._cancel();
    this._state.set(state);
    this._writeColours(this._state);
    rotation3(this._turnMatrix, move.axis, this._setTurningLayers(move, turns) * f);
    this._hintScale = Math.abs(Math.cos(Math.PI * f));
    if (f >= 0.5) {
      // As in a turn: hints that shrank away come back showing the next state.
      this._permute(this._nextColours, this._colours, move.permutation, turns);
      this._uploadColours(this._colours, this._nextColours);
    }
    this._requestFrame();
  }

  /** The state and colours after the playing turn, from the current ones. */
  _computeNext() {
    const { move, turns } = this._turn.entry;
    this._permute(this._next, this._state, move.permutation, turns);
    this._permute(this._nextColours, this._colours, move.permutation, turns);
  }

  _permute(out, from, permutation, turns) {
    out.set(from);
    for (let t = 0; t < turns; t++) {
      this._scratch.set(out);
      for (let i = 0; i < 54; i++) out[i] = this._scratch[permutation[i]];
    }
  }

  /** Advance the playing turn to time `now`; false when no turn is left. */
  _stepTurn(now) {
    const turn = this._turn;
    while (turn.active || this._queue.length) {
      if (!turn.active) this._startTurn(now);
      const progress = turn.duration > 0 ? Math.min(1, (now - turn.start) / turn.duration) : 1;
      if (progress < 1) {
        const eased = smootherStep(progress);
        rotation3(this._turnMatrix, this._turnAxis, turn.angle * eased);
        this._hintScale = Math.abs(Math.cos(Math.PI * eased));
        if (!turn.swapped && eased >= 0.5) {
          // Hints that shrink away mid-turn come back showing the new state.
          this._uploadColours(this._colours, this._nextColours);
          turn.swapped = true;
        }
        return true;
      }
      this._state.set(this._next);
      this._colours.set(this._nextColours);
      const entry = turn.entry;
      this._endTurn();
      this._uploadColours(this._colours, this._colours);
      entry.resolve(true);
    }
    return false;
  }

  _endTurn() {
    const turn = this._turn;
    turn.active = false;
    turn.entry = null;
    this._turnLayers.fill(0);
    this._hintScale = 1;
  }

  static _checkStickers(stickers) {
    const state = Array.from(stickers ?? []);
    if (state.length !== 54 || state.some((id) => !Number.isInteger(id) || id < 0 || id > 53)) {
      throw new Error("a cube state is 54 sticker ids, each 0..53");
    }
    return state;
  }

  // --- picture -------------------------------------------------------------

  /**
   * A PNG of the view as it is now, at full resolution, transparent around the
   * cube: resolves to a Blob. The frame is drawn and copied in the same task,
   * before the canvas is shown (and its buffer cleared).
   */
  toBlob() {
    const scale = this._scale;
    if (scale !== 1) this._setScale(1);
    this._draw();
    const picture = new Promise((resolve, reject) => {
      const done = (blob) => (blob ? resolve(blob) : reject(new Error("toBlob: no picture")));
      this.canvas.toBlob(done, "image/png");
    });
    if (scale !== 1) {
      this._setScale(scale);
      this._requestFrame();
    }
    return picture;
  }

  /** Downloads the picture as `name` (a PNG); false if the browser gave no picture. */
  async savePicture(name) {
    const png = await this.toBlob().catch(() => null);
    if (!png) return false;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(png);
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    return true;
  }

  // --- colours -------------------------------------------------------------

  _setPalette(faces, colours) {
    [...faces].forEach((face, index) => this._setPaletteEntry(index, colours[face]));
  }

  _setPaletteEntry(index, colour) {
    this._palette.set(parseColour(colour), index * 3);
  }

  /** Colours from sticker ids (each id's home face), shown everywhere. */
  _writeColours(state) {
    const mask = this._mask;
    for (let place = 0; place < 54; place++) {
      const id = state[place];
      this._colours[place] = !mask || mask[id] ? Math.floor(id / 9) : UNKNOWN;
    }
    this._uploadColours(this._colours, this._colours);
  }

  _uploadColours(stickerColours, hintColours) {
    const bytes = this._colourBytes;
    const { stickerVertex, backVertex, hintVertex } = this._mesh;
    for (let place = 0; place < 54; place++) {
      bytes.fill(stickerColours[place], stickerVertex[place], stickerVertex[place] + 4);
      bytes.fill(stickerColours[place], backVertex[place], backVertex[place] + 4);
      bytes.fill(hintColours[place], hintVertex[place], hintVertex[place] + 4);
    }
    const gl = this.gl;
    if (!gl || gl.isContextLost()) return;
    gl.bindBuffer(gl.ARRAY_BUFFER, this._colourBuffer);
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, bytes);
  }

  // --- WebGL ---------------------------------------------------------------

  _initGL() {
    // Multisampling is nearly free on a GPU but costs a third of the frame rate
    // when WebGL runs in software (SwiftShader), so it is only asked for on a GPU.
    // In software, a desynchronized (low-latency) canvas skips a step of the
    // compositor each frame: measured 45-52 frames/s without it, 59-60 with it.
    const software = softwareWebGL();
    const attributes = {
      antialias: !software,
      alpha: true,
      premultipliedAlpha: true,
      desynchronized: software,
    };
    const gl =
      this.canvas.getContext("webgl2", attributes) || this.canvas.getContext("webgl", attributes);
    if (!gl) throw new Error("this browser has no WebGL");
    this.gl = gl;
    const program = linkProgram(gl);
    this._program = program;
    gl.useProgram(program);

    const vertexBuffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, vertexBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, this._mesh.vertices, gl.STATIC_DRAW);
    const stride = FLOATS * 4;
    const attribute = (name, size, offset) => {
      const location = gl.getAttribLocation(program, name);
      gl.enableVertexAttribArray(location);
      gl.vertexAttribPointer(location, size, gl.FLOAT, false, stride, offset * 4);
    };
    attribute("aPosition", 3, 0);
    attribute("aNormal", 3, 3);
    attribute("aPiece", 3, 6);
    attribute("aUvKind", 3, 9);
    attribute("aFace", 1, 12);
    attribute("aCopy", 1, 13);

    this._colourBuffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this._colourBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, this._colourBytes, gl.DYNAMIC_DRAW);
    const colour = gl.getAttribLocation(program, "aColour");
    gl.enableVertexAttribArray(colour);
    gl.vertexAttribPointer(colour, 1, gl.UNSIGNED_BYTE, false, 1, 0);

    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, gl.createBuffer());
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, this._mesh.indices, gl.STATIC_DRAW);

    const uniforms = {};
    const names = ["uView", "uProjection", "uNormalMatrix", "uTurn", "uAxis", "uLayers"];
    names.push("uHints", "uHintScale", "uHintShown", "uHintOffset", "uPalette", "uBody");
    names.push("uBackView", "uBackProjection", "uBackNormalMatrix");
    for (const name of names) uniforms[name] = gl.getUniformLocation(program, name);
    this._uniforms = uniforms;
    gl.enable(gl.DEPTH_TEST);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.clearColor(0, 0, 0, 0);
  }

  _draw() {
    const gl = this.gl;
    if (gl.isContextLost()) return;
    const u = this._uniforms;
    this._updateCamera();
    gl.viewport(0, 0, this._pixelWidth, this._pixelHeight);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.uniformMatrix4fv(u.uView, false, this._view);
    gl.uniformMatrix4fv(u.uProjection, false, this._projection);
    gl.uniformMatrix3fv(u.uNormalMatrix, false, this._normalMatrix);
    gl.uniformMatrix3fv(u.uTurn, false, this._turnMatrix);
    gl.uniform3fv(u.uAxis, this._turnAxis);
    gl.uniform3fv(u.uLayers, this._turnLayers);
    gl.uniform1f(u.uHints, this._hintsShown);
    gl.uniform1f(u.uHintScale, this._hintScale);
    gl.uniform1fv(u.uHintShown, this._hintShown);
    gl.uniform3fv(u.uHintOffset, this._hintOffsets);
    gl.uniform3fv(u.uPalette, this._palette);
    gl.uniform3fv(u.uBody, this._bodyColour);
    let count = this._mesh.frontIndices;
    if (this._backView) {
      gl.uniformMatrix4fv(u.uBackView, false, this._back.view);
      gl.uniformMatrix4fv(u.uBackProjection, false, this._back.projection);
      gl.uniformMatrix3fv(u.uBackNormalMatrix, false, this._back.normalMatrix);
      count = this._mesh.indices.length;
    }
    gl.drawElements(gl.TRIANGLES, count, gl.UNSIGNED_SHORT, 0);
  }

  // --- frames --------------------------------------------------------------

  _requestFrame() {
    if (!this._raf && !this._destroyed) this._raf = requestAnimationFrame(this._onFrame);
  }

  _frame() {
    const start = performance.now();
    this._raf = 0;
    const interval = this._lastFrame ? start - this._lastFrame : 0;
    const dt = interval ? Math.min(100, interval) : 16;
    let moving = this._stepTurn(start);
    moving = this._stepCamera(dt) || moving;
    this._adaptScale(moving, interval);
    this._draw();
    this._lastFrame = moving ? start : 0;
    if (moving) this._requestFrame();
    if (this.stats.frames === 0) {
      requestAnimationFrame((now) => (this.stats.firstShownMs = now));
    }
    this.stats.frames += 1;
    this.stats.jsMs += performance.now() - start;
  }

  /** Ease the camera (orbit, zoom, hints fading in) towards its targets. */
  _stepCamera(dt) {
    const k = 1 - Math.exp(-dt / ORBIT_EASE_MS);
    const hintsTarget = this._hints ? 1 : 0;
    const backTarget = this._backView ? 1 : 0;
    this._yaw += (this._yawTarget - this._yaw) * k;
    this._pitch += (this._pitchTarget - this._pitch) * k;
    this._zoom += (this._zoomTarget - this._zoom) * k;
    this._hintsShown += (hintsTarget - this._hintsShown) * k;
    this._backShown += (backTarget - this._backShown) * k;
    let moving = false;
    if (Math.abs(this._yawTarget - this._yaw) < 0.01) this._yaw = this._yawTarget;
    else moving = true;
    if (Math.abs(this._pitchTarget - this._pitch) < 0.01) this._pitch = this._pitchTarget;
    else moving = true;
    if (Math.abs(this._zoomTarget - this._zoom) < 0.0005) this._zoom = this._zoomTarget;
    else moving = true;
    if (Math.abs(hintsTarget - this._hintsShown) < 0.002) this._hintsShown = hintsTarget;
    else moving = true;
    if (Math.abs(backTarget - this._backShown) < 0.002) this._backShown = backTarget;
    else moving = true;
    return moving;
  }

  _updateCamera() {
    cameraMatrices(this._normalMatrix, this._view, this._yaw, this._pitch);
    const hints = this._hintsShown;
    layHints(this._hintOffsets, this._hintShown, this._normalMatrix);
    // Fit the box around the cube and its hints into the canvas, centred, then zoom.
    const [x0, x1, y0, y1] = hintBox(this._hintOffsets, this._hintShown, this._normalMatrix, hints);
    // Hints keep below the buttons over the canvas's top (options.controls).
    const cover = hints * this._controlsCover;
    const aspect = this._pixelWidth / Math.max(1, this._pixelHeight);
    const fit = Math.max(
      (x1 - x0) / 2 / Math.max(aspect, 1),
      (y1 - y0) / 2 / Math.max(1 / aspect, 1) / (1 - cover),
    );
    const room = BACK_ROOM * this._backShown * (1 - hints);
    const scale = (CAMERA_DISTANCE / fit) * this._zoom * (1 - room);
    const p = perspective(this._projection, aspect, scale);
    p[8] = (p[0] * (x0 + x1)) / 2 / CAMERA_DISTANCE + room;
    p[9] = (p[5] * (y0 + y1)) / 2 / CAMERA_DISTANCE + room + cover;
    multiply4(this._viewProjection, p, this._view);
    if (!this._backView) return;
    // The back view: the camera on the opposite side of the cube, looking back
    // at it; its picture shrunk into the top-right corner and its depth into
    // the nearest quarter of the depth range, so that it is drawn over the cube.
    const back = this._back;
    cameraMatrices(back.normalMatrix, back.view, this._yaw + 180, -this._pitch);
    const b = perspective(back.projection, aspect, (CAMERA_DISTANCE / CUBE_RADIUS) * BACK_SCALE);
    const rx = (b[0] * CUBE_RADIUS) / CAMERA_DISTANCE; // its radius in device coordinates
    const ry = (b[5] * CUBE_RADIUS) / CAMERA_DISTANCE;
    b[8] = rx - 1; // w = -z, so this moves x by 1 - rx
    b[9] = ry - 1;
    b[10] = 0.25 * b[10] + 0.75;
    b[14] *= 0.25;
    back.corner[0] = 1 - 2 * rx;
    back.corner[1] = 1 - 2 * ry;
  }

  // --- size ----------------------------------------------------------------

  /** Drawing-buffer pixels per device pixel while the cube moves (1 unless frames were slow). */
  get movingScale() {
    return this._movingScale;
  }

  _resize(width, height) {
    this._deviceWidth = width;
    this._deviceHeight = height;
    this._setScale(this._scale);
    this._measureControls();
    this._requestFrame();
  }

  /** How much of the canvas's height, from its top, options.controls covers. */
  _measureControls() {
    const canvas = this.canvas.getBoundingClientRect();
    const bottom = this._controls?.getBoundingClientRect().bottom ?? canvas.top;
    this._controlsCover = canvas.height ? clamp((bottom - canvas.top) / canvas.height, 0, 0.3) : 0;
  }

  _setScale(scale) {
    this._scale = scale;
    const width = Math.max(1, Math.min(4096, Math.round(this._deviceWidth * scale)));
    const height = Math.max(1, Math.min(4096, Math.round(this._deviceHeight * scale)));
    if (width !== this.canvas.width) this.canvas.width = width;
    if (height !== this.canvas.height) this.canvas.height = height;
    this._pixelWidth = width;
    this._pixelHeight = height;
  }

  /**
   * Dynamic resolution. Software WebGL cannot fill a large canvas 60 times a
   * second, so while the cube moves it is drawn with fewer pixels (the browser
   * scales them up; motion hides the blur) and sharp again once it rests. The
   * scale is learnt: lowered when frames come slowly, raised again at the
   * start of a movement after a few movements that never had to lower it.
   */
  _adaptScale(moving, interval) {
    if (!moving) {
      if (this._scale !== 1) this._setScale(1);
      return;
    }
    if (!interval) {
      // The first frame of a movement. Only movements long enough to be
      // judged count (a short one tells nothing about the frame rate).
      if (this._burstVerdict < 0) this._fastBursts = 0;
      if (this._burstVerdict > 0) this._fastBursts += 1;
      if (this._fastBursts >= FAST_BURSTS && this._movingScale < 1) {
        this._movingScale = Math.min(1, this._movingScale / SCALE_STEP);
        this._fastBursts = 0;
      }
      this._burstVerdict = 0;
      this._frames = 0;
      if (this._scale !== this._movingScale) this._setScale(this._movingScale);
      return;
    }
    this._frames += 1;
    this._frameMs += (interval - this._frameMs) / this._frames; // their mean
    if (this._frames < SLOW_FRAMES) return;
    this._frames = 0;
    if (this._frameMs <= SLOW_FRAME_MS) {
      if (this._burstVerdict === 0) this._burstVerdict = 1;
      return;
    }
    this._burstVerdict = -1;
    if (this._movingScale > MIN_SCALE) {
      this._movingScale = Math.max(MIN_SCALE, this._movingScale * SCALE_STEP);
      this._setScale(this._movingScale);
    }
  }

  _onResize(entries) {
    const entry = entries[entries.length - 1];
    const device = entry.devicePixelContentBoxSize?.[0];
    if (device) this._resize(device.inlineSize, device.blockSize);
    else {
      const box = entry.contentBoxSize?.[0];
      const width = box ? box.inlineSize : entry.contentRect.width;
      const height = box ? box.blockSize : entry.contentRect.height;
      this._resize(width * devicePixelRatio, height * devicePixelRatio);
    }
  }

  // --- picking -------------------------------------------------------------

  /**
   * The sticker place (0..53) under the client point, or -1. Hint stickers count when
   * shown; the back view's corner has none.
   */
  pick(clientX, clientY) {
    return this._hit(clientX, clientY)?.place ?? -1;
  }

  /** The sticker under a client point: {place, point, normal}, or null. */
  _hit(clientX, clientY) {
    this._updateCamera();
    const rect = this.canvas.getBoundingClientRect();
    if (!rect.width || !rect.height) return null;
    const x = ((clientX - rect.left) / rect.width) * 2 - 1;
    const y = 1 - ((clientY - rect.top) / rect.height) * 2;
    if (this._backView && x > this._back.corner[0] && y > this._back.corner[1]) return null;
    invert4(this._inverse, this._viewProjection);
    const origin = Array.from(transformPoint(this._point, this._inverse, x, y, -1));
    const direction = sub(transformPoint(this._point, this._inverse, x, y, 1), origin);
    let best = null;
    const consider = (place, centre, normal, twoSided) => {
      const facing = dot(direction, normal);
      if (facing === 0 || (!twoSided && facing > 0)) return;
      const t = dot(sub(centre, origin), normal) / facing;
      if (t <= 0 || (best && t >= best.t)) return;
      const point = origin.map((o, k) => o + t * direction[k]);
      const offset = sub(point, centre);
      if (offset.every((c) => Math.abs(c) <= HALF)) best = { t, place, point, normal };
    };
    this.data.stickers.forEach(({ position, normal }, place) => {
      consider(place, along(position, HALF, normal), normal, false);
    });
    if (this._hints) {
      this.data.stickers.forEach(({ position, normal }, place) => {
        const face = faceIndex(normal);
        if (this._hintShown[face] < 0.5) return;
        const offset = this._hintOffsets.subarray(3 * face, 3 * face + 3);
        consider(place, along(along(position, SURFACE, normal), 1, offset), normal, true);
      });
    }
    return best;
  }

  /** Client coordinates of a point of the cube. */
  _project(point) {
    const rect = this.canvas.getBoundingClientRect();
    const [x, y] = transformPoint(this._point, this._viewProjection, point[0], point[1], point[2]);
    return [rect.left + ((x + 1) / 2) * rect.width, rect.top + ((1 - y) / 2) * rect.height];
  }

  /** The move that dragging sticker `hit` in client direction (dx, dy) asks for, or null. */
  _moveForDrag(hit, dx, dy) {
    const { place, point, normal } = hit;
    const position = this.data.stickers[place].position;
    const k = axisOf(normal);
    const [sx, sy] = this._project(point);
    let best = null;
    for (const tangentAxis of [(k + 1) % 3, (k + 2) % 3]) {
      const tangent = axisVector(tangentAxis);
      const [tx, ty] = this._project(along(point, 0.3, tangent));
      const length = Math.hypot(tx - sx, ty - sy);
      if (length < 1e-6) continue;
      const score = ((tx - sx) * dx + (ty - sy) * dy) / length;
      if (!best || Math.abs(score) > Math.abs(best.score)) best = { score, tangent };
    }
    if (!best) return null;
    const t = best.tangent.map((c) => c * Math.sign(best.score));
    // Moving the sticker along t turns the layer about n x t, counter-clockwise.
    const axis = cross(normal, t);
    for (const [name, move] of Object.entries(this.data.moves)) {
      if (move.layers.length !== 1) continue;
      const sense = dot(move.axis, axis);
      if (Math.abs(sense) !== 1 || move.layers[0] !== dot(position, move.axis)) continue;
      return sense > 0 ? name + "'" : name;
    }
    return null;
  }

  // --- pointer -------------------------------------------------------------

  _listen() {
    const canvas = this.canvas;
    if (!this._pageScroll) canvas.style.touchAction = "none";
    this._listeners = {
      pointerdown: (event) => this._pointerDown(event),
      pointermove: (event) => this._pointerMove(event),
      pointerup: (event) => this._pointerUp(event, true),
      pointercancel: (event) => this._pointerUp(event, false),
      wheel: (event) => this._wheel(event),
      webglcontextlost: (event) => {
        event.preventDefault();
        cancelAnimationFrame(this._raf);
        this._raf = 0;
      },
      webglcontextrestored: () => {
        this._initGL();
        this._uploadColours(this._colours, this._colours);
        this._requestFrame();
      },
    };
    for (const [type, listener] of Object.entries(this._listeners)) {
      // Only these two call preventDefault(); the others need not delay scrolling.
      const passive = type !== "wheel" && type !== "webglcontextlost";
      canvas.addEventListener(type, listener, { passive });
    }
    this._resizeObserver = new ResizeObserver((entries) => this._onResize(entries));
    try {
      this._resizeObserver.observe(canvas, { box: "device-pixel-content-box" });
    } catch {
      this._resizeObserver.observe(canvas);
    }
  }

  _pointerDown(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    this._points.set(event.pointerId, [event.clientX, event.clientY]);
    this.canvas.setPointerCapture?.(event.pointerId);
    if (this._points.size === 2 && this._pointer) {
      // A second finger: pinch to zoom, until one of the two is lifted.
      this._pointer.mode = "pinch";
      this._pinch = { distance: this._pinchDistance(), zoom: this._zoomTarget };
      return;
    }
    if (this._pointer) return;
    this._pointer = {
      id: event.pointerId,
      mode: "pending",
      startX: event.clientX,
      startY: event.clientY,
      x: event.clientX,
      y: event.clientY,
      time: event.timeStamp,
      velocityX: 0,
      velocityY: 0,
      hit: this._hit(event.clientX, event.clientY),
    };
  }

  _pinchDistance() {
    const [[x1, y1], [x2, y2]] = this._points.values();
    return Math.hypot(x2 - x1, y2 - y1);
  }

  _pointerMove(event) {
    if (!this._points.has(event.pointerId)) return;
    this._points.set(event.pointerId, [event.clientX, event.clientY]);
    if (this._pinch) {
      const distance = this._pinchDistance();
      if (this._pinch.distance > 0 && distance > 0) {
        this._zoomTo((this._pinch.zoom * distance) / this._pinch.distance);
      }
      return;
    }
    const pointer = this._pointer;
    if (!pointer || pointer.id !== event.pointerId) return;
    if (pointer.mode === "pending") {
      const dx = event.clientX - pointer.startX;
      const dy = event.clientY - pointer.startY;
      if (Math.hypot(dx, dy) < DRAG_PX) return;
      if (pointer.hit && this.dragToTurn) {
        pointer.mode = "done";
        const token = this._moveForDrag(pointer.hit, dx, dy);
        if (token) this.onMove(token);
        return;
      }
      pointer.mode = "orbit";
      pointer.x = pointer.startX;
      pointer.y = pointer.startY;
    }
    if (pointer.mode !== "orbit") return;
    const dx = event.clientX - pointer.x;
    const dy = event.clientY - pointer.y;
    const dt = Math.max(1, event.timeStamp - pointer.time);
    this._orbitBy(dx, dy);
    // Smoothed pointer velocity (px/ms) for the glide after release.
    pointer.velocityX = 0.7 * pointer.velocityX + 0.3 * (dx / dt);
    pointer.velocityY = 0.7 * pointer.velocityY + 0.3 * (dy / dt);
    pointer.x = event.clientX;
    pointer.y = event.clientY;
    pointer.time = event.timeStamp;
  }

  _pointerUp(event, completed) {
    this._points.delete(event.pointerId);
    if (this._pinch && this._points.size < 2) {
      this._pinch = null;
      if (this._pointer) this._pointer.mode = "done"; // the finger left does nothing more
    }
    const pointer = this._pointer;
    if (!pointer || pointer.id !== event.pointerId) return;
    this._pointer = null;
    this.canvas.releasePointerCapture?.(event.pointerId);
    if (pointer.mode === "orbit" && completed && event.timeStamp - pointer.time < 80) {
      this._orbitBy(pointer.velocityX * FLING_MS, pointer.velocityY * FLING_MS);
    } else if (pointer.mode === "pending" && completed && pointer.hit && this.onStickerClick) {
      this.onStickerClick(pointer.hit.place);
    }
    this._requestFrame();
  }

  _orbitBy(dx, dy) {
    this._yawTarget -= dx * ORBIT_DEGREES_PER_PX;
    this._pitchTarget = clamp(this._pitchTarget + dy * ORBIT_DEGREES_PER_PX, -85, 85);
    this._cameraChanged();
    this._requestFrame();
  }

  _zoomTo(zoom) {
    this._zoomTarget = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
    this._cameraChanged();
    this._requestFrame();
  }

  _wheel(event) {
    if (this._pageScroll && !event.ctrlKey && !document.fullscreenElement?.contains(this.canvas)) return;
    event.preventDefault(); // zoom instead of scrolling the page (only over the canvas)
    const pixels = event.deltaY * [1, 16, 400][event.deltaMode ?? 0];
    this._zoomTo(this._zoomTarget * Math.exp(-pixels * WHEEL_ZOOM));
  }

  /** Report the camera to onCameraChange, once for a burst of changes. */
  _cameraChanged() {
    if (!this.onCameraChange || this._cameraTimer) return;
    this._cameraTimer = setTimeout(() => {
      this._cameraTimer = 0;
      if (!this._destroyed) this.onCameraChange?.(this.camera);
    }, CAMERA_REPORT_MS);
  }

  /** Stop drawing and listening; cancelled turns resolve to false. */
  destroy() {
    this._cancel();
    this._destroyed = true;
    clearTimeout(this._cameraTimer);
    cancelAnimationFrame(this._raf);
    this._raf = 0;
    this._resizeObserver.disconnect();
    for (const [type, listener] of Object.entries(this._listeners)) {
      this.canvas.removeEventListener(type, listener);
    }
    this.gl.getExtension("WEBGL_lose_context")?.loseContext();
  }
}
