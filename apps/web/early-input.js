// Inlined into index.html (vite.config.ts), ahead of everything else. On a pre-rendered page the visitor can act before
// the app has taken the HTML over: this keeps what they do until the app has mounted the page (an "app-live" event),
// does it again on the live page, in order, and only then marks the page live (<html data-live>, and an "input-live"
// event on which the app's fields turn editable, src/lib/use-hydrated.ts). Whatever the visitor does during the replay
// is kept and replayed after it, so nothing overtakes what came first. It keeps clicks and taps on controls, text typed
// or pasted into fields (read-only until then) and Enter in a field. Links work as plain HTML meanwhile and are left
// alone, as is everything once the page is live or outside a pre-rendered page.
(() => {
  const html = document.documentElement;
  html.dataset.keepingInput = '';
  const CONTROLS =
    'button,input,select,textarea,summary,[role=button],[role=tab],[role=checkbox],[role=radio],[role=switch],[role=combobox],[role=menuitem],[role=option]';
  const TEXT = /^(text|email|password|search|tel|url|number)$/;
  const isField = (el) => el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && TEXT.test(el.type));
  const queue = [];
  // True while a kept action is done again: the events it fires are the app's to handle, not to keep.
  let replaying = false;

  // The element, while it is part of a pre-rendered page the app has not taken over yet.
  const early = (target) =>
    !replaying && !html.hasAttribute('data-live') && target instanceof Element && target.closest('#root[data-prerendered]')
      ? target
      : null;
  // Where the element sits under #root, to find its successor should the app render that part afresh.
  const pathOf = (el) => {
    const path = [];
    for (let node = el; node.id !== 'root'; node = node.parentElement)
      path.unshift([...node.parentElement.children].indexOf(node));
    return path;
  };
  const keep = (event, el, action) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    const last = queue[queue.length - 1];
    if (action.text !== undefined && last?.el === el && last.text !== undefined) last.text += action.text;
    else queue.push({ el, path: pathOf(el), ...action });
  };

  document.addEventListener(
    'click',
    (event) => {
      const el = early(event.target)?.closest(CONTROLS);
      // A click into a field only focuses it, which the browser does.
      if (el && !isField(el)) keep(event, el, { click: true });
    },
    true,
  );
  document.addEventListener(
    'keydown',
    (event) => {
      const el = early(event.target);
      if (!el || !isField(el) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Enter' && el.form) keep(event, el.form, { submit: true });
      else if (event.key.length === 1) keep(event, el, { text: event.key });
      else if (event.key === 'Backspace') {
        const last = queue[queue.length - 1];
        if (last?.el === el && last.text) last.text = last.text.slice(0, -1);
      }
    },
    true,
  );
  document.addEventListener(
    'paste',
    (event) => {
      const el = early(event.target);
      if (el && isField(el)) keep(event, el, { text: event.clipboardData?.getData('text/plain') ?? '' });
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      const form = early(event.target);
      if (form) keep(event, form, { submit: true });
    },
    true,
  );

  const find = (path) => {
    let node = document.getElementById('root');
    for (const i of path) node = node?.children[i];
    return node;
  };
  // Fields stay read-only until the replay ends, so text goes in through the value setter and an input event, which
  // the app reads as typing.
  const type = (el, text) => {
    const proto = el.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, el.value + text);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const replay = () => {
    const action = queue.shift();
    if (!action) {
      html.dataset.live = '';
      document.dispatchEvent(new Event('input-live'));
      return;
    }
    const el = action.el.isConnected ? action.el : find(action.path);
    replaying = true;
    try {
      // Where the app rendered something else, the action has no target any more.
      if (el?.tagName === action.el.tagName) {
        if (action.text !== undefined) {
          el.focus();
          type(el, action.text);
        } else if (action.submit) el.requestSubmit();
        else el.click();
      }
    } finally {
      replaying = false;
    }
    // The next action waits for the app to render what this one changed.
    setTimeout(replay);
  };
  document.addEventListener('app-live', () => setTimeout(replay), { once: true });
})();
