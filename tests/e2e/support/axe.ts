/**
 * axe-core (the engine behind the browsers' own accessibility audits) run inside the page:
 * its serious and critical violations, each with the selectors of the nodes it found.
 * An empty answer is a pass.
 *
 * The page is audited at rest. A toast fading in or out is drawn at part of its opacity, and
 * axe took its text's contrast as it was mid-fade: a data-export journey failed one run in two
 * on the toast 'We are preparing your data…', whose text is 7.4:1 once shown. So the audit
 * waits for running transitions and animations to end (not those that repeat for ever, a
 * loader's), and is run again when one started while it ran (a toast closing on its timer).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** How long running transitions may take to end before the page is audited as it is; how many audits at most. */
const SETTLE_MS = 3000;
const ATTEMPTS = 3;

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** `within`: a CSS selector to audit only that part of the page (an open dialog); the whole page by default. */
export async function seriousAxeFindings(page: Page, within?: string): Promise<AxeFinding[]> {
  // Injected through evaluate (not a <script> tag): the app's CSP refuses inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async ({ selector, settleMs, attempts }) => {
    const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string }[] }[] }> } }).axe;
    const moving = () => document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    // A timer, not a frame: a page in the background gets no frames.
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
    let started = 0;
    const onStart = () => void (started += 1);
    const starts = ['transitionrun', 'animationstart'] as const;
    for (const type of starts) document.addEventListener(type, onStart, true);
    try {
      for (let attempt = 1; ; attempt += 1) {
        const until = performance.now() + settleMs;
        while (moving() && performance.now() < until) await pause();
        started = 0;
        const result = await axe.run(selector ? { include: [[selector]] } : document, { resultTypes: ['violations'] });
        if (started === 0 || attempt === attempts) return findingsOf(result);
      }
    } finally {
      for (const type of starts) document.removeEventListener(type, onStart, true);
    }
    function findingsOf(result: Awaited<ReturnType<typeof axe.run>>) {
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.html.slice(0, 200)}`) }));
    }
  }, { selector: within, settleMs: SETTLE_MS, attempts: ATTEMPTS });
}
