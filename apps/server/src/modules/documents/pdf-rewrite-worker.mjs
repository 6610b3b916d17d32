// An uploaded PDF written anew on a worker thread (piscina, pdf-rewrite.ts): parsing and writing a 10 MB file takes the
// CPU for a second or more, and here it holds no request but its own. Plain JavaScript, so that a worker starts without
// the TypeScript loader in every runtime (the server, Vitest).
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFStream, PDFString } from '@cantoo/pdf-lib';

/**
 * Entries that run something or carry a file, wherever they stand: actions on opening and on events (pages, fields,
 * annotations), the document's scripts and embedded files, XFA forms (scriptable), 3D and rich-media content.
 */
const DROPPED_KEYS = [
  'OpenAction',
  'AA',
  'JS',
  'JavaScript',
  'EmbeddedFiles',
  'EF',
  'XFA',
  'RichMediaContent',
  'RichMediaSettings',
  'OnInstantiate',
].map((key) => PDFName.of(key));

/**
 * Actions that only move within the document or open a web or mail link; any other kind (Launch, JavaScript,
 * SubmitForm, ImportData, GoToR, GoToE, Rendition…) is dropped with the entry that holds it.
 */
const KEPT_ACTIONS = new Set(['GoTo', 'Named', 'URI']);
const KEPT_URI = /^(https?:|mailto:)/i;
/** Where an action stands even without `/Type /Action` (which is optional): a link's or outline's, and chained ones. */
const ACTION_KEYS = new Set(['A', 'Next']);

const name = (key) => PDFName.of(key);
const text = (value) => (value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : '');
const nameOf = (value) => (value instanceof PDFName ? value.decodeText() : undefined);

/**
 * Writes an uploaded PDF anew from what a parser read of it, without anything that could run or open a file in an
 * admin's viewer. The new file holds only the objects the document still reaches (scripts left behind by a dropped
 * entry go with it), so no byte of the upload is served as it came: a viewer can no longer find, in a part this parser
 * skipped or read differently, an action that the checks here never saw.
 * Answers the new file's bytes, or `{ unreadable }` with why it cannot be read.
 */
export default async function rewritePdf(data) {
  let doc;
  try {
    doc = await PDFDocument.load(data, { updateMetadata: false });
  } catch {
    return { unreadable: 'The PDF could not be read' };
  }
  const { context } = doc;
  /** Whether a value is an action to drop: one under an action key, or any other marked `/Type /Action`. */
  const isUnsafeAction = (value, underActionKey) => {
    const action = value instanceof PDFRef ? context.lookup(value) : value;
    if (!(action instanceof PDFDict)) return false;
    if (!underActionKey && nameOf(action.get(name('Type'))) !== 'Action') return false;
    const kind = nameOf(action.get(name('S')));
    if (kind === undefined) return !underActionKey;
    return !KEPT_ACTIONS.has(kind) || (kind === 'URI' && !KEPT_URI.test(text(action.lookup(name('URI'))).trim()));
  };
  const keepActions = (list, underActionKey) => {
    for (let i = list.size() - 1; i >= 0; i--) if (isUnsafeAction(list.get(i), underActionKey)) list.remove(i);
  };

  const reached = new Set();
  const pending = [context.trailerInfo.Root, context.trailerInfo.Info].filter((o) => o !== undefined);
  while (pending.length > 0) {
    const object = pending.pop();
    if (object instanceof PDFRef) {
      if (reached.has(object)) continue;
      reached.add(object);
      const target = context.lookup(object);
      if (target) pending.push(target);
    } else if (object instanceof PDFStream) {
      pending.push(object.dict);
    } else if (object instanceof PDFDict) {
      for (const key of DROPPED_KEYS) object.delete(key);
      for (const [key, value] of object.entries()) {
        const actionKey = ACTION_KEYS.has(key.decodeText());
        const list = actionKey ? object.lookup(key) : undefined;
        if (list instanceof PDFArray) keepActions(list, true);
        if (isUnsafeAction(value, actionKey)) object.delete(key);
        else pending.push(value);
      }
    } else if (object instanceof PDFArray) {
      keepActions(object, false);
      for (let i = 0; i < object.size(); i++) pending.push(object.get(i));
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref)) context.delete(ref);

  // The parser takes a damaged file without a word and fails only here, on the catalog or page tree it lacks.
  let pages;
  try {
    pages = doc.getPageCount();
  } catch {
    return { unreadable: 'The PDF could not be read' };
  }
  if (pages === 0) return { unreadable: 'The PDF has no pages' };
  const bytes = await doc.save({ useObjectStreams: false, updateFieldAppearances: false, addDefaultPage: false });
  return bytes;
}
