/**
 * axe-core (the engine behind the browsers' own accessibility audits) run inside the page:
 * its serious and critical violations, each with the selectors of the nodes it found.
 * An empty answer is a pass.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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
  return page.evaluate(async (selector) => {
    const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string }[] }[] }> } }).axe;
    const result = await axe.run(selector ? { include: [[selector]] } : document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.html.slice(0, 200)}`) }));
  }, within);
}
