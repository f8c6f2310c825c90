import { describe, expect, it } from 'vitest';

describe('zod settings', () => {
  it('turn off the eval-compiled parsers that the CSP forbids', async () => {
    await import('./zod-settings.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: 'Aurora' })).toEqual({ name: 'Aurora' });
  });
});
