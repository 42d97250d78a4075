// A CFOP solution's stages, for the player: labels, where each stage's moves are,
// and which stickers it shows (from solvelab.web.cfop, which decides them).

/**
 * The stages of a CFOP answer: {name, short, long, start, end, mask}, the stage's
 * moves being start..end-1 of all the stages' moves played one after another.
 * colourNames maps a face letter to the name of its colour on the solved cube.
 */
export function cfopStages(answer, colourNames) {
  let at = 0;
  let pair = 0;
  return answer.stages.map((stage) => {
    let short = stage.name.toUpperCase();
    let long = stage.case?.startsWith(short) ? stage.case : `${short}: ${stage.case}`;
    // A skip's moves are the last U turn, which lines the top layer up (its AUF).
    if (stage.case?.endsWith(" skip") && stage.moves.length) long += `, then ${stage.moves.join(" ")} to line up the top layer`;
    if (stage.name === "cross") {
      short = "Cross";
      long = `Cross (${colourNames[answer.cross_colour]})`;
    } else if (stage.name === "f2l") {
      pair += 1;
      short = `F2L ${pair}`;
      // "case": the pair's number on the cube is not the rules' number of its case.
      long = `F2L ${pair}: ${stage.pair.map((face) => colourNames[face]).join("-")} pair (case ${stage.case})`;
    }
    const start = at;
    at += stage.moves.length;
    // htm: the stage's length in the half-turn metric, as Python counts it.
    return { name: stage.name, short, long, start, end: at, htm: stage.htm, mask: answer.masks[stage.name] };
  });
}

/** The index of the stage move i belongs to (empty stages have none); past the end, the last. */
export function stageOfMove(stages, i) {
  const index = stages.findIndex((stage) => i < stage.end && stage.start < stage.end);
  return index >= 0 ? index : stages.length - 1;
}

/** The stages as a bar of buttons as wide as their moves; a click goes to a stage's start. */
export function showStageBar(bar, stages, current, onJump) {
  bar.hidden = !stages;
  if (!stages) return bar.replaceChildren();
  if (bar.stages !== stages) {
    bar.stages = stages;
    bar.replaceChildren(
      ...stages.map((stage) => {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = stage.short;
        button.title = `${stage.long} (${stage.end - stage.start} moves): click to go to its start`;
        button.style.flex = `${Math.max(2, stage.end - stage.start)} 1 0`;
        button.addEventListener("click", () => onJump(stage.start));
        return button;
      }),
    );
  }
  [...bar.children].forEach((button, i) => {
    if (i === current) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  });
}
