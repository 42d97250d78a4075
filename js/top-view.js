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
// Each sticker is a <rect> whose data-sticker says which: "u0".."u8", "s0".."s11".

const SVG = "http://www.w3.org/2000/svg";
const BODY_COLOUR = "#1b1b1d";
const EDGE = 11; // where the U face's body starts (and ends, from 100)
const CELL = (100 - 2 * EDGE) / 3;
const INSET = 1.6; // space between stickers
const STRIP = 8; // thickness of a side sticker
const GAP = 1.5; // between a side sticker and the body

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

/** An <svg> of the last layer (see the top of this file); scales to its container's width. */
export function topView({ u, sides = [], label = "" }) {
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
  return svg;
}
