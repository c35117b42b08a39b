import { createHash } from 'node:crypto';
import { APP_ENTRY_META, EARLY_TAPS_GLOBAL } from './prerender-attribute';

/**
 * The one inline script of a prerendered page (decision 0029). The page paints from its HTML and
 * stylesheet alone; a script downloading meanwhile shares the phone's bandwidth with what the
 * paint needs, and Lighthouse counts every script that finished before the paint into its
 * simulated paint (issue 10: LCP within 1.1x of the same page without scripts). So the page names
 * its entry in a meta tag (APP_ENTRY_META) and this starts it once the browser reports the first
 * contentful paint (its paint timing entry: the frame has been presented, not only produced; a
 * script started between the two was counted into the paint, a simulated LCP of 1.3x the static
 * page's in some runs, docs/perf.md), or after the next frame where paint timing is missing, or
 * after a second in a tab that paints none: not sooner, since a busy phone may take longer than
 * that to its first frame, and a script started before it competes with the paint. Until the
 * entry runs, it holds the page's taps, as the entry does until hydration
 * (src/app/first-load/early-taps.ts), and hands the last one over through EARLY_TAPS_GLOBAL.
 *
 * Constant text (ES5, no build step): the server's Content-Security-Policy allows exactly this
 * script by its hash (APP_LOADER_CSP_SOURCE), so no other inline script can run.
 */
export const APP_LOADER_SCRIPT = `(function(){var d=document,r=d.getElementById("root"),m=d.querySelector('meta[name="${APP_ENTRY_META}"]');if(!r||!m)return;var held=null,started=false;function hold(e){if(!(e.target instanceof Element))return;e.preventDefault();e.stopPropagation();held=e.target}r.addEventListener("click",hold,true);window.${EARLY_TAPS_GLOBAL}={take:function(){r.removeEventListener("click",hold,true);var t=held;held=null;return t}};function start(){if(started)return;started=true;var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=m.getAttribute("content");d.head.appendChild(s)}setTimeout(start,1000);var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes;if(t&&t.indexOf("paint")>=0){var o=new P(function(l){var e=l.getEntries();for(var i=0;i<e.length;i++)if(e[i].name==="first-contentful-paint"){o.disconnect();setTimeout(start,0);return}});o.observe({type:"paint",buffered:true})}else requestAnimationFrame(function(){setTimeout(start,0)})})();`;

/** The script-src source that allows APP_LOADER_SCRIPT and nothing else inline. */
export const APP_LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(APP_LOADER_SCRIPT).digest('base64')}'`;
