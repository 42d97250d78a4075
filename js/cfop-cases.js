// The CFOP chapter's tables of OLL and PLL cases.
//
//   <div class="cfop-cases" data-stage="oll"></div>
//
// The cases come from assets/cfop-cases.json, which the site build generates
// from the rules' data files (solvelab.build.cfop_cases): names, algorithms
// and each case's last layer. Each case is a button with its top view
// (js/top-view.js); a click opens a cube demo under it, showing the case
// and playing the algorithm that solves it. Yellow is on top, as cubers
// hold the cube for the last layer.

import { embedDemo } from "./cube-embed.js";
import { topView } from "./top-view.js";

const GREY = "#8a8d91"; // as CubeView's "unknown" stickers
// OLL ignores the side colours of the last layer: its demo greys them.
const OLL_GREY = "R1 R2 R3 F1 F2 F3 L1 L2 L3 B1 B2 B3";

function element(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** The colours of a case's top view: OLL shows only the top colour, PLL every colour. */
function diagramColours(stage, entry, colours) {
  const top = colours.U;
  if (stage === "oll") {
    return {
      u: [...entry.u].map((face) => (face === "U" ? top : GREY)),
      sides: [...entry.sides].map((face) => (face === "U" ? top : null)),
    };
  }
  return {
    u: [...entry.u].map((face) => colours[face]),
    sides: [...entry.sides].map((face) => colours[face]),
    arrows: entry.arrows ?? [],
  };
}

const labelOf = (entry) => (entry.nickname ? `${entry.name} (${entry.nickname})` : entry.name);

/** The panel with the cube demo; one for the page, moved under the case played. */
function demoPanel(colours) {
  const panel = element("div", "cfop-case-panel");
  panel.id = "cfop-case-demo";
  const title = element("p", "cfop-case-title");
  const demo = element("div", "cube-demo");
  demo.dataset.colours = Object.entries(colours)
    .map(([face, colour]) => `${face}:${colour}`)
    .join(" ");
  panel.append(title, demo);
  return { panel, title, demo };
}

function caseButton(stage, entry, colours) {
  const button = element("button", "cfop-case");
  button.type = "button";
  button.dataset.case = entry.name;
  button.setAttribute("aria-label", `${labelOf(entry)}: play ${entry.moves}`);
  button.setAttribute("aria-expanded", "false"); // aria-controls once the panel is under it
  button.append(topView(diagramColours(stage, entry, colours)));
  const name = element("span", "cfop-case-name", entry.name.replace(/ perm$/, ""));
  if (entry.nickname) name.append(" ", element("span", "cfop-case-nickname", entry.nickname));
  button.append(name, element("code", "cfop-case-alg", entry.algs.join("\n")));
  return button;
}

async function setUp(tables) {
  const url = new URL("../assets/cfop-cases.json", import.meta.url);
  let data;
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
    data = await response.json();
  } catch (error) {
    const message = `The cases cannot be shown: ${error.message}`;
    tables.forEach((table) => table.replaceChildren(element("p", "cube-demo-error", message)));
    return;
  }
  const { panel, title, demo } = demoPanel(data.colours);
  let current = null;

  const play = async (stage, entry, button) => {
    current?.setAttribute("aria-expanded", "false");
    current?.removeAttribute("aria-controls");
    current?.classList.remove("is-current");
    current = button;
    button.setAttribute("aria-expanded", "true");
    button.setAttribute("aria-controls", panel.id);
    button.classList.add("is-current");
    title.textContent = `${labelOf(entry)}, from the case to solved:`;
    button.after(panel); // the grid puts the panel in the row below the button
    await embedDemo(demo);
    demo.show({
      setup: entry.setup,
      moves: entry.moves,
      grey: stage === "oll" ? OLL_GREY : "",
      play: true,
    });
    panel.scrollIntoView({ block: "nearest", behavior: "smooth" });
  };

  for (const table of tables) {
    const stage = table.dataset.stage;
    const entries = data[stage];
    if (!Array.isArray(entries)) continue;
    table.replaceChildren(
      ...entries.map((entry) => {
        const button = caseButton(stage, entry, data.colours);
        // A demo that cannot be set up says so itself; the console gets the details.
        button.addEventListener("click", () => play(stage, entry, button).catch(console.error));
        return button;
      }),
    );
  }
}

setUp([...document.querySelectorAll(".cfop-cases[data-stage]")]);
