// An algorithm shown as it was typed — brackets, repeats and comments kept — with
// each move's token a button and the token of the move just played marked.
//
//   const view = new AlgView(box, { onJump: (step) => ... });
//   view.show(source, step);   // source: {text, spans} or null; spans[i] = [start, end] of move i
//
// A token can stand for several moves (a repeat, a commutator's inverse half): a
// click on it asks for the step after its next playing from the current step.

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
    this.#step = step;
    this.#box.hidden = !source;
    if (source !== this.#source) {
      this.#source = source;
      this.#box.replaceChildren(...(source ? this.#build(source) : []));
    }
    this.#box.querySelector(".current")?.classList.remove("current");
    if (source && step > 0) this.#tokens.get(source.spans[step - 1].join(":")).button.classList.add("current");
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
