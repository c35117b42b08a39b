/**
 * The gold-rice calls' answers, typed by their contracts (src/contracts/gold-rice.ts; amounts
 * are cents, spec §4). Nothing is parsed here: the server's answers are checked against the
 * same contracts in its tests.
 */
import type { ApiOutput } from '../../src/contracts';

/** A bubble on offer (getUnReceivedGoldRiceList). */
export type Bubble = ApiOutput<'generalActivity.getUnReceivedGoldRiceList'>['list'][number];
