// The last layer seen from above, as an SVG: the 9 stickers of U on the
// cube's dark body and the 12 side stickers of the top layer as strips
// round it, as cubers draw OLL and PLL cases.
//
//   const svg = topView({ u: [...9 colours], sides: [...12 colours], label: "T perm" });
//   container.append(svg);
//
// u: U1..U9, row by row as seen from above with B at the top (so u[0] is
// the back-left corner). sides: clockwise round the top from the back-left
// corner: back (left to right), right (back to front), front (right to
// left), left (front to back). Colours are CSS colours; null leaves that
// sticker out (OLL diagrams show only the side stickers of the top colour).
// arrows (optional): [from, to] pairs of U places 0..8, drawn from one
// sticker's centre to the other's; a pair given both ways is one line with
// two heads (PLL diagrams: where each piece goes).
// Each sticker is a <rect> whose data-sticker says which: "u0".."u8", "s0".."s11".

const SVG = "http://www.w3.org/2000/svg";
const BODY_COLOUR = "#1b1b1d";
const EDGE = 11; // where the U face's body starts (and ends, from 100)
const CELL = (100 - 2 * EDGE) / 3;
const INSET = 1.6; // space between stickers
const STRIP = 8; // thickness of a side sticker
const GAP = 1.5; // between a side sticker and the body
const ARROW_COLOUR = "#1b1b1d";
const HEAD = 5; // length of an arrowhead
const SHORTEN = 6; // arrows stop this far short of a sticker's centre

function node(tag, attributes) {
  const item = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) item.setAttribute(name, value);
  return item;
}

/** Where side sticker i (0..11) is drawn: {x, y, width, height}. */
function sideBox(i) {
  const side = Math.floor(i / 3);
  const k = i % 3;
  const along = EDGE + INSET + CELL * (side < 2 ? k : 2 - k); // back/right count forwards
  const length = CELL - 2 * INSET;
  const near = EDGE - GAP - STRIP;
  const far = 100 - EDGE + GAP;
  switch (side) {
    case 0: // back
      return { x: along, y: near, width: length, height: STRIP };
    case 1: // right
      return { x: far, y: along, width: STRIP, height: length };
    case 2: // front
      return { x: along, y: far, width: length, height: STRIP };
    default: // left
      return { x: near, y: along, width: STRIP, height: length };
  }
}

const centre = (i) => [EDGE + CELL * ((i % 3) + 0.5), EDGE + CELL * (Math.floor(i / 3) + 0.5)];

/** The line and arrowheads of one arrow from U place `from` to `to` (heads at `to`, or both). */
function arrow(from, to, bothWays) {
  const [x1, y1] = centre(from);
  const [x2, y2] = centre(to);
  const length = Math.hypot(x2 - x1, y2 - y1);
  const [dx, dy] = [(x2 - x1) / length, (y2 - y1) / length];
  const a = [x1 + dx * SHORTEN, y1 + dy * SHORTEN];
  const b = [x2 - dx * SHORTEN, y2 - dy * SHORTEN];
  const head = ([x, y], sx, sy) => {
    const base = [x - sx * HEAD, y - sy * HEAD];
    const points = [
      [x, y],
      [base[0] - sy * HEAD * 0.55, base[1] + sx * HEAD * 0.55],
      [base[0] + sy * HEAD * 0.55, base[1] - sx * HEAD * 0.55],
    ];
    const text = points.map((point) => point.join(",")).join(" ");
    return node("polygon", { points: text, fill: ARROW_COLOUR });
  };
  // The line ends where the heads begin, so that its square end does not show past them.
  const [x3, y3] = bothWays ? [a[0] + dx * HEAD, a[1] + dy * HEAD] : a;
  const [x4, y4] = [b[0] - dx * HEAD, b[1] - dy * HEAD];
  const line = node("line", { x1: x3, y1: y3, x2: x4, y2: y4, stroke: ARROW_COLOUR });
  line.setAttribute("stroke-width", 2.2);
  const group = node("g", { class: "top-view-arrow", "data-arrow": `${from}-${to}` });
  group.append(line, head(b, dx, dy));
  if (bothWays) group.append(head(a, -dx, -dy));
  return group;
}

/** An <svg> of the last layer (see the top of this file); scales to its container's width. */
export function topView({ u, sides = [], arrows = [], label = "" }) {
  if (!u || u.length !== 9) throw new Error("topView needs the 9 colours of U");
  if (sides.length && sides.length !== 12) throw new Error("topView needs 12 side colours");
  const svg = node("svg", { viewBox: "0 0 100 100", class: "top-view" });
  if (label) {
    svg.setAttribute("role", "img");
    const title = node("title", {});
    title.textContent = label; // text, never markup
    svg.append(title);
  } else {
    svg.setAttribute("aria-hidden", "true");
  }
  const size = 100 - 2 * EDGE;
  const body = { x: EDGE, y: EDGE, width: size, height: size, rx: 4, fill: BODY_COLOUR };
  svg.append(node("rect", body));
  u.forEach((colour, i) => {
    if (colour == null) return;
    const x = EDGE + INSET + CELL * (i % 3);
    const y = EDGE + INSET + CELL * Math.floor(i / 3);
    const side = CELL - 2 * INSET;
    const sticker = { x, y, width: side, height: side, rx: 2.5, fill: colour };
    svg.append(node("rect", { ...sticker, "data-sticker": `u${i}` }));
  });
  sides.forEach((colour, i) => {
    if (colour == null) return;
    const box = sideBox(i);
    svg.append(
      node("rect", {
        ...box,
        rx: 1.5,
        fill: colour,
        stroke: BODY_COLOUR,
        "stroke-width": 0.6,
        "data-sticker": `s${i}`,
      }),
    );
  });
  const pairs = new Set(arrows.map(([from, to]) => `${from}-${to}`));
  for (const [from, to] of arrows) {
    const back = pairs.has(`${to}-${from}`);
    if (back && from > to) continue; // drawn with its pair
    svg.append(arrow(from, to, back));
  }
  return svg;
}
