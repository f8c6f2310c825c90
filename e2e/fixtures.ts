import AxeBuilder from '@axe-core/playwright';
import { test as base, expect } from '@playwright/test';

export interface AxeOptions {
  /** CSS selector of the part of the page to check; the whole page by default. */
  include?: string;
  exclude?: string[];
  /** axe rule ids to skip, each with a reason in the calling test. */
  disableRules?: string[];
}

interface Fixtures {
  /** Checks the page as it is now with axe-core (WCAG 2.2 A and AA); fails on serious or critical violations. */
  axe: (options?: AxeOptions) => Promise<void>;
}

const FAILING_IMPACTS = new Set(['serious', 'critical']);

export const test = base.extend<Fixtures>({
  axe: async ({ page }, use, testInfo) => {
    await use(async (options = {}) => {
      let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
      if (options.include) builder = builder.include(options.include);
      for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
      if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);

      const results = await builder.analyze();
      if (results.violations.length > 0) {
        await testInfo.attach(`axe ${new URL(page.url()).pathname}`, {
          body: JSON.stringify(results.violations, null, 2),
          contentType: 'application/json',
        });
      }
      const failing = results.violations
        .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
        .map(
          (violation) =>
            `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl}) at ` +
            violation.nodes
              .slice(0, 3)
              .map((node) => node.target.join(' '))
              .join(', ') +
            (violation.nodes.length > 3 ? ` and ${violation.nodes.length - 3} more` : ''),
        );
      expect(failing, `Accessibility violations on ${page.url()}`).toEqual([]);
    });
  },
});

export { expect };
