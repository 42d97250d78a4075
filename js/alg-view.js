// An algorithm shown as it was typed — brackets, repeats and comments kept — with
// each move's token a button and the token of the move just played marked. The
// box is one Tab stop: the marked token (or, before the first move, the first).
//
//   const view = new AlgView(box, { onJump: (step) => ... });
//   view.show(source, step);   // source: {text, spans} or null; spans[i] = [start, end] of move i
//
// A token can stand for several moves (a repeat, a commutator's inverse half): a
// click on it asks for the step after its next playing from the current step.
//
// The box scrolls to keep the move played in sight, but leaves alone a reader who
// has scrolled it out of sight by hand: a step on from a move out of sight does not
// scroll; a jump, or a step from a move in sight, does.

export class AlgView {
  #box;
  #onJump;
  #source = null;
  #tokens = new Map(); // "start:end" -> {button, moves: the moves (0-based) it stands for}
  #step = 0;

  constructor(box, { onJump }) {
    this.#box = box;
    this.#onJump = onJump;
  }

  show(source, step) {
    const previous = this.#step;
    const followed = this.#inSight(this.#tokenToShow());
    const rebuilt = source !== this.#source;
    this.#step = step;
    this.#box.hidden = !source;
    if (rebuilt) {
      this.#source = source;
      this.#box.replaceChildren(...(source ? this.#build(source) : []));
    }
    const focused = this.#box.contains(document.activeElement);
    this.#box.querySelector(".current")?.classList.remove("current");
    if (source && step > 0) this.#tokens.get(source.spans[step - 1].join(":")).button.classList.add("current");
    // One Tab stop, as the move list: the token shown (the player's arrows step, and
    // the focus follows): a long algorithm's tokens would otherwise be thousands.
    const stop = this.#tokenToShow();
    for (const { button } of this.#tokens.values()) button.tabIndex = button === stop ? 0 : -1;
    if (focused && stop && document.activeElement !== stop) stop.focus({ preventScroll: true });
    const jumped = Math.abs(step - previous) > 1;
    if (source && (rebuilt || (step !== previous && (jumped || followed)))) this.#bringIntoSight(this.#tokenToShow());
  }

  /** The token to keep in sight: the move just played's, or at step 0 the first move's. */
  #tokenToShow() {
    const span = this.#source?.spans[Math.max(this.#step, 1) - 1];
    return span && this.#tokens.get(span.join(":")).button;
  }

  #inSight(button) {
    if (!button) return true;
    const box = this.#box.getBoundingClientRect();
    const token = button.getBoundingClientRect();
    return token.bottom > box.top && token.top < box.bottom;
  }

  // With a line of context above and below. The box's own scrollTop, not
  // scrollIntoView, which would scroll the page too.
  #bringIntoSight(button) {
    if (!button) return;
    const box = this.#box;
    const token = button.getBoundingClientRect();
    const top = token.top - box.getBoundingClientRect().top - box.clientTop;
    const above = top - token.height;
    const below = top + 2 * token.height - box.clientHeight;
    if (above < 0) box.scrollTop += above;
    else if (below > 0) box.scrollTop += below;
  }

  #build({ text, spans }) {
    this.#tokens = new Map();
    spans.forEach((span, i) => {
      const key = span.join(":");
      if (!this.#tokens.has(key)) this.#tokens.set(key, { span, moves: [] });
      this.#tokens.get(key).moves.push(i);
    });
    const nodes = [];
    let at = 0;
    for (const token of [...this.#tokens.values()].sort((a, b) => a.span[0] - b.span[0])) {
      const [start, end] = token.span;
      if (start > at) nodes.push(document.createTextNode(text.slice(at, start)));
      token.button = document.createElement("button");
      token.button.type = "button";
      token.button.textContent = text.slice(start, end);
      token.button.addEventListener("click", () => {
        const next = token.moves.find((i) => i >= this.#step) ?? token.moves[0];
        this.#onJump(next + 1);
      });
      nodes.push(token.button);
      at = end;
    }
    if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
    return nodes;
  }
}
