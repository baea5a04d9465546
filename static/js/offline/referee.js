/**
 * The referee in the browser, for the table with no network: the project's own `referee` package run by
 * Pyodide in a Web Worker (/offline/worker.js). Its answers are the API's, byte for byte: both call
 * referee.answer(). No rule of any game is written in JavaScript.
 *
 *   import { localReferee, RefereeUnavailable } from "/static/js/offline/referee.js";
 *   const next = await localReferee.legal(record);    // legal/1, or error/1 for a bad record (as the API)
 *   const ruling = await localReferee.replay(record); // ruling/1, or error/1
 *   const games = await localReferee.games();         // the catalogue
 *
 * Each rejects with RefereeUnavailable when the runtime cannot load (an old phone, Pyodide not installed
 * on the server, too slow a start): the page then says so and falls back to paper mode.
 */

export class RefereeUnavailable extends Error {
  constructor(why) {
    super(interpolate(gettext("The referee cannot run in this browser (%(why)s): log the hand on paper; it is ruled when sent."), { why: why }, true));
    this.name = "RefereeUnavailable";
    this.why = why;
  }
}

export function createReferee({ workerUrl = "/offline/worker.js", loadTimeoutMs = 60000 } = {}) {
  let worker = null;
  let broken = null; // why the runtime cannot load: every later question is refused at once
  let loaded = false;
  let nextId = 1;
  const waiting = new Map(); // id -> {resolve, reject, timer}

  function refuseAll(why) {
    broken = broken || why;
    for (const w of waiting.values()) {
      clearTimeout(w.timer);
      w.reject(new RefereeUnavailable(broken));
    }
    waiting.clear();
    if (worker) worker.terminate();
  }

  function start() {
    if (typeof Worker === "undefined" || typeof WebAssembly === "undefined") {
      refuseAll(gettext("no Web Workers or WebAssembly"));
      return;
    }
    try {
      worker = new Worker(workerUrl);
    } catch (e) {
      refuseAll(String((e && e.message) || e));
      return;
    }
    worker.onerror = (e) => {
      e.preventDefault();
      refuseAll((e && e.message) || gettext("the worker did not start"));
    };
    worker.onmessage = (event) => {
      const { id, status, body, unavailable } = event.data;
      const w = waiting.get(id);
      if (unavailable !== undefined) {
        refuseAll(unavailable);
        return;
      }
      if (!w) return;
      waiting.delete(id);
      clearTimeout(w.timer);
      loaded = true;
      w.resolve({ status, body });
    };
  }

  /** The raw answer, {status, body}: body is the JSON text the API would send for the same question. */
  function answer(ask, text) {
    if (!worker && !broken) start();
    if (broken) return Promise.reject(new RefereeUnavailable(broken));
    return new Promise((resolve, reject) => {
      const id = nextId++;
      // Only the first load may be slow: a phone that cannot start Python in time gets paper mode.
      const timer = loaded ? null : setTimeout(() => refuseAll(gettext("it took too long to load")), loadTimeoutMs);
      waiting.set(id, { resolve, reject, timer });
      worker.postMessage({ id, ask, text, language: document.documentElement.lang || "en" });
    });
  }

  const asText = (record) => (typeof record === "string" ? record : JSON.stringify(record));
  const parsed = async (p) => JSON.parse((await p).body);

  return {
    answer,
    legal: (record) => parsed(answer("legal", asText(record))),
    replay: (record) => parsed(answer("replay", asText(record))),
    games: () => parsed(answer("games", null)),
    /** Start loading now (e.g. when the hand-entry page opens), so the first tap is quick. */
    warm: () => answer("games", null).then(() => true),
  };
}

export const localReferee = createReferee();
