{% load i18n %}// The offline referee's Web Worker (served by archive/table/views/offline.py, whose answer alone may compile
// WebAssembly): the project's own `referee` package in Pyodide, answering exactly as the API does,
// because it calls the same function, referee.answer(). No rule of any game is written here.
//
// Message in:  {id, ask: "legal" | "replay" | "next" | "games", text: the question's JSON text}
// Message out: {id, status: 200 | 400, body: the JSON text the API would send}
//              or {id, unavailable: "why"} when the runtime cannot load (the page falls back to paper mode)
"use strict";

const MANIFEST_URL = "{{ manifest_url|escapejs }}";
const HOME = "/home/pyodide/tablekeeper";
let booting = null;
// Why the runtime cannot load, in the page's language: Django's JavaScript catalogue of that language (cached by
// the service worker), loaded the first time a message says which one.
{% get_available_languages as languages %}const CATALOGUES = { {% for code, name in languages %}"{{ code|escapejs }}": "{% url 'javascript-catalog' code %}", {% endfor %}};
let words = null;
// (lexical, so the catalogue's own global gettext and interpolate do not replace them)
const gettext = (s) => (words ? words.gettext(s) : s);
const interpolate = (s, o) => (words ? words.interpolate(s, o, true) : s.replace(/%\((\w+)\)s/g, (m, k) => o[k]));
function speak(language) {
  if (words || !(language in CATALOGUES)) return;
  try {
    importScripts(CATALOGUES[language]);
    words = self.django || null;
  } catch (err) {
    words = null; // not reachable: the reasons stay in English
  }
}

async function fetchOk(url, what) {
  const r = await fetch(url, { credentials: "same-origin" });
  if (!r.ok) throw new Error(interpolate(gettext("%(what)s could not be fetched (%(url)s: %(status)s)"), { what: what, url: url, status: r.status }));
  return r;
}

async function boot() {
  const manifest = await (await fetchOk(MANIFEST_URL, gettext("the offline manifest"))).json();
  if (!manifest.pyodide) {
    throw new Error(
      interpolate(gettext("the browser's Python (Pyodide %(version)s) is not installed on this server"), { version: manifest.pyodide_version }),
    );
  }
  importScripts(manifest.pyodide + "pyodide.js");
  const pyodide = await loadPyodide({ indexURL: manifest.pyodide });
  const zip = await (await fetchOk(manifest.referee, gettext("the referee"))).arrayBuffer();
  pyodide.unpackArchive(zip, "zip", { extractDir: HOME });
  pyodide.runPython("import sys\nsys.path.insert(0, '" + HOME + "')");
  return pyodide.pyimport("referee").answer;
}

self.onmessage = async (event) => {
  const { id, ask, text, language } = event.data;
  let answer;
  speak(language);
  try {
    booting = booting || boot();
    answer = await booting;
  } catch (e) {
    postMessage({ id, unavailable: String((e && e.message) || e) });
    return;
  }
  // (undefined is Python's None; null would not be); the words in the page's language, as the API's
  const result = answer(ask, text ?? undefined, language ?? undefined);
  const [status, body] = result.toJs();
  result.destroy();
  postMessage({ id, status, body });
};
