/** What a page says when something fails: an action, or a data source it does not explain. */
import { faultKind } from '../data/fault';
import type { CampaignDocument } from '../document/types';
import { UI_COPY } from '../../ui/copy';

/** Shown when the action runtime cannot load (a chunk that did not arrive). */
export const ACTION_LOAD_FAILED = '网络不太稳定，请稍后再试';
/** Shown when an action fails without a message a person can read. */
const ACTION_FAILED = '操作失败，请稍后再试';
const HAS_CHINESE = /[\u4e00-\u9fa5]/;

/**
 * The toast of an action that failed without an onError of its own: the fault's message for a
 * network or server fault (a claim tapped offline says so, issue 19), the error's own text when
 * it is written for people (Chinese), else a generic one (never fetch's English "Failed to fetch").
 */
export function actionFailureText(error: unknown): string {
  const fault = faultKind(error);
  if (fault) return UI_COPY.fault[fault];
  if (error instanceof Error && HAS_CHINESE.test(error.message)) return error.message;
  return ACTION_FAILED;
}

/** The document's JSON text, once per document (read to see which data errors it shows). */
const documentText = new WeakMap<CampaignDocument, string>();

/**
 * Whether the document shows a data source's failure itself ({{data.<name>Error}} in a `when` or
 * a text): then the page adds no load error of its own for that source.
 */
export function explainsSource(doc: CampaignDocument, name: string): boolean {
  let text = documentText.get(doc);
  if (text === undefined) {
    text = JSON.stringify({ body: doc.body, dialogs: doc.dialogs });
    documentText.set(doc, text);
  }
  return text.includes(`data.${name}Error`);
}
